/* The Adams/Solver dataset statements mbsim reads, declared as data: each
 * statement's arguments (name, type, how many values) and what mbsim makes of
 * it. Reading (abbreviations, types, errors) is generic (adams_parse.c); the
 * mappings onto the model's elements are in adams_map_*.c. */
#include "adams_map.h"

#define FLAG(n) {n, ADM_FLAG, 0, 0, NULL}
#define NUM(n) {n, ADM_NUM, 1, 1, NULL}
#define NUMS(n, a, b) {n, ADM_NUM, a, b, NULL}
#define ID(n) {n, ADM_ID, 1, 1, NULL}
#define IDS(n, a, b) {n, ADM_ID, a, b, NULL}
#define WORD(n) {n, ADM_WORD, 0, 0, NULL}
#define TEXT(n) {n, ADM_TEXT, 0, 0, NULL}
#define EXPR(n) {n, ADM_EXPR, 0, 0, NULL}

static const adm_argdef UNITS[] = {WORD("FORCE"), WORD("MASS"), WORD("LENGTH"), WORD("TIME"), WORD("SYSTEM"),
                                   NUM("UCF")};
static const adm_argdef PART[] = {
    FLAG("GROUND"), NUM("MASS"), ID("CM"), ID("IM"), NUMS("IP", 3, 6), NUMS("QG", 3, 3), NUMS("REULER", 3, 3),
    NUMS("XG", 3, 3), NUMS("ZG", 3, 3), NUM("VX"), NUM("VY"), NUM("VZ"), NUM("WX"), NUM("WY"), NUM("WZ"),
    ID("VM"), ID("WM"), WORD("EXACT"), FLAG("PLANAR"), TEXT("MATERIAL")};
static const adm_argdef MARKER[] = {ID("PART"), NUMS("QP", 3, 3), NUMS("REULER", 3, 3), NUMS("XP", 3, 3),
                                    NUMS("ZP", 3, 3), FLAG("FLOATING"), FLAG("USEXP"), ID("FLEX_BODY"),
                                    ID("NODE_ID"), ID("FE_PART"), ID("NODE_LABEL"), ID("POINT_MASS"), ID("CURVE")};
static const adm_argdef ACCGRAV[] = {NUM("IGRAV"), NUM("JGRAV"), NUM("KGRAV")};
static const adm_argdef JOINT[] = {
    FLAG("CONVEL"), FLAG("CYLINDRICAL"), FLAG("FIXED"), FLAG("HOOKE"), FLAG("PLANAR"), FLAG("RACKPIN"),
    FLAG("REVOLUTE"), FLAG("SCREW"), FLAG("SPHERICAL"), FLAG("TRANSLATIONAL"), FLAG("UNIVERSAL"), ID("I"), ID("J"),
    NUMS("IC", 2, 2), NUMS("ICTRAN", 2, 2), NUMS("ICROT", 2, 2), NUM("PD"), NUM("PITCH"), NUM("DELTA_V"),
    NUM("MAXIMUM_DEFORMATION"), NUM("MU")};
static const adm_argdef JPRIM[] = {FLAG("ATPOINT"), FLAG("INLINE"), FLAG("INPLANE"), FLAG("ORIENTATION"),
                                   FLAG("PARALLEL_AXES"), FLAG("PERPENDICULAR"), ID("I"), ID("J")};
static const adm_argdef MOTION[] = {
    ID("JOINT"), ID("I"), ID("J"), FLAG("TRANSLATIONAL"), FLAG("ROTATIONAL"), FLAG("X"), FLAG("Y"), FLAG("Z"),
    FLAG("B1"), FLAG("B2"), FLAG("B3"), FLAG("DISPLACEMENT"), FLAG("VELOCITY"), FLAG("ACCELERATION"),
    EXPR("FUNCTION"), TEXT("ROUTINE"), NUM("ICDISP"), NUM("ICVEL")};
static const adm_argdef COUPLER[] = {IDS("JOINTS", 2, 3), WORD("TYPE"), NUMS("SCALES", 2, 3), EXPR("FUNCTION"),
                                     TEXT("ROUTINE")};
static const adm_argdef GEAR[] = {IDS("JOINTS", 2, 2), ID("CV")};
static const adm_argdef GCON[] = {ID("I"), EXPR("FUNCTION")};
static const adm_argdef SFORCE[] = {ID("I"), ID("J"), FLAG("TRANSLATIONAL"), FLAG("ROTATIONAL"), FLAG("ACTIONONLY"),
                                    EXPR("FUNCTION"), TEXT("ROUTINE")};
static const adm_argdef VFORCE[] = {ID("I"), ID("JFLOAT"), ID("RM"), EXPR("FX"), EXPR("FY"), EXPR("FZ"),
                                    EXPR("FUNCTION"), TEXT("ROUTINE")};
static const adm_argdef VTORQUE[] = {ID("I"), ID("JFLOAT"), ID("RM"), EXPR("TX"), EXPR("TY"), EXPR("TZ"),
                                     EXPR("FUNCTION"), TEXT("ROUTINE")};
static const adm_argdef GFORCE[] = {ID("I"), ID("JFLOAT"), ID("RM"), EXPR("FX"), EXPR("FY"), EXPR("FZ"),
                                    EXPR("TX"), EXPR("TY"), EXPR("TZ"), EXPR("FUNCTION"), TEXT("ROUTINE")};
static const adm_argdef SPRINGDAMPER[] = {FLAG("TRANSLATIONAL"), FLAG("ROTATIONAL"), ID("I"), ID("J"), NUM("K"),
                                          NUM("C"), NUM("LENGTH"), NUM("FORCE"), NUM("KT"), NUM("CT"),
                                          NUM("ANGLE"), NUM("TORQUE")};
static const adm_argdef BUSHING[] = {ID("I"), ID("J"), NUMS("K", 3, 3), NUMS("C", 3, 3), NUMS("KT", 3, 3),
                                     NUMS("CT", 3, 3), NUMS("FORCE", 3, 3), NUMS("TORQUE", 3, 3)};
static const adm_argdef FIELD[] = {ID("I"), ID("J"), NUMS("KMATRIX", 36, 36), NUMS("CMATRIX", 36, 36), NUM("CRATIO"),
                                   NUMS("LENGTH", 6, 6), NUMS("FORCE", 6, 6), EXPR("FUNCTION"), TEXT("ROUTINE")};
static const adm_argdef BEAM[] = {ID("I"), ID("J"), NUM("LENGTH"), NUM("IXX"), NUM("IYY"), NUM("IZZ"), NUM("AREA"),
                                  NUM("ASY"), NUM("ASZ"), NUM("EMODULUS"), NUM("GMODULUS"), NUM("CRATIO"),
                                  NUMS("CMATRIX", 21, 21), ID("SECTION")};
static const adm_argdef FRICTION[] = {
    ID("JOINT"), NUM("MU_STATIC"), NUM("MU_DYNAMIC"), NUM("STICTION_TRANSITION_VELOCITY"),
    NUM("TRANSITION_VELOCITY_COEFFICIENT"), NUM("MAX_STICTION_DEFORMATION"), NUM("FRICTION_FORCE_PRELOAD"),
    NUM("FRICTION_TORQUE_PRELOAD"), NUM("MAX_FRICTION_FORCE"), NUM("MAX_FRICTION_TORQUE"), NUM("FRICTION_ARM"),
    NUM("BENDING_REACTION_ARM"), NUM("PIN_RADIUS"), NUM("BALL_RADIUS"), NUM("REACTION_ARM"),
    NUM("INITIAL_OVERLAP"), WORD("OVERLAP_DELTA"), WORD("EFFECT"), WORD("INPUTS"), WORD("INACTIVE_DURING"),
    FLAG("I_YOKE"), FLAG("J_YOKE")};
static const adm_argdef VARIABLE[] = {EXPR("FUNCTION"), NUM("IC"), TEXT("ROUTINE")};
static const adm_argdef DIFF[] = {EXPR("FUNCTION"), NUMS("IC", 1, 2), FLAG("IMPLICIT"), FLAG("STATIC_HOLD"),
                                  TEXT("ROUTINE")};
static const adm_argdef ARRAY[] = {FLAG("IC"), FLAG("U"), FLAG("X"), FLAG("Y"), ID("SIZE"), NUMS("NUMBERS", 1, 0),
                                   IDS("VARIABLES", 1, 0)};
static const adm_argdef SPLINE[] = {NUMS("X", 2, 0), NUMS("Y", 2, 0), NUMS("Z", 1, 0), FLAG("LINEAR_EXTRAPOLATE"),
                                    TEXT("FILE"), TEXT("BLOCK"), NUM("CHANNEL")};
static const adm_argdef STRING[] = {TEXT("STRING")};
static const adm_argdef MATRIX[] = {WORD("FULL"), FLAG("SPARSE"), ID("ROWS"), ID("COLUMNS"), IDS("I", 1, 0),
                                    IDS("J", 1, 0), NUMS("VALUES", 1, 0), TEXT("FILE"), TEXT("NAME")};
static const adm_argdef LSE[] = {ID("X"), ID("U"), ID("Y"), ID("A"), ID("B"), ID("C"), ID("D"), ID("IC"),
                                 FLAG("STATIC_HOLD")};
static const adm_argdef GSE[] = {NUM("NS"), NUM("NO"), ID("X"), ID("U"), ID("Y"), ID("IC"), FLAG("STATIC_HOLD"),
                                 EXPR("FUNCTION"), TEXT("ROUTINE"), NUM("ND"), ID("XD"), ID("ICD"),
                                 NUM("SAMPLE_PERIOD"), FLAG("IMPLICIT")};
static const adm_argdef TFSISO[] = {ID("X"), ID("U"), ID("Y"), NUMS("NUMERATOR", 1, 0), NUMS("DENOMINATOR", 1, 0),
                                    FLAG("STATIC_HOLD")};
static const adm_argdef PLANT[] = {IDS("VARIABLES", 1, 0)};
static const adm_argdef REQUEST[] = {
    {"DISPLACEMENT", ADM_FLAG, 0, 0, "D"}, {"VELOCITY", ADM_FLAG, 0, 0, "V"}, {"ACCELERATION", ADM_FLAG, 0, 0, "A"},
    {"FORCE", ADM_FLAG, 0, 0, "F"}, ID("I"), ID("J"), ID("RM"), EXPR("F1"), EXPR("F2"), EXPR("F3"), EXPR("F4"),
    EXPR("F5"), EXPR("F6"), EXPR("F7"), EXPR("F8"), EXPR("FUNCTION"), TEXT("ROUTINE"),
    {"COMMENT", ADM_TEXT, 0, 0, "C"}, TEXT("TITLE"), TEXT("RESULTS_NAME")};
static const adm_argdef SENSOR[] = {EXPR("FUNCTION"), NUM("VALUE"), FLAG("EQ"), FLAG("GE"), FLAG("LE"),
                                    NUM("ERROR"), FLAG("HALT"), FLAG("RETURN"), FLAG("PRINT"), FLAG("RESTART"),
                                    FLAG("CODGEN"), FLAG("YYDUMP"), NUM("DT"), NUM("STEPSIZE"), EXPR("EVALUATE"),
                                    FLAG("BISECTION"), TEXT("ROUTINE"), TEXT("EVALUATE_ROUTINE")};
static const adm_argdef GRAPHICS[] = {
    FLAG("ARC"), FLAG("BOX"), FLAG("CIRCLE"), FLAG("CYLINDER"), FLAG("ELLIPSOID"), FLAG("EXTERNAL"), FLAG("FORCE"),
    FLAG("FRUSTUM"), IDS("OUTLINE", 2, 0), FLAG("PLANE"), FLAG("POINT"), FLAG("SPDP"), FLAG("SPHERE"),
    FLAG("TORUS"), FLAG("CURVE"), ID("CM"), ID("CORNER"), NUM("X"), NUM("Y"), NUM("Z"), NUM("LENGTH"),
    NUM("RADIUS"), NUM("RANGLE"), NUM("SIDES"), NUM("SEG"), NUM("TOP"), NUM("BOTTOM"), NUM("XSCALE"),
    NUM("YSCALE"), NUM("ZSCALE"), NUM("MINOR_RADIUS"), NUM("MAJOR_RADIUS"), WORD("ETYPE"), ID("EID"),
    ID("EMARKER"), ID("I"), ID("J"), NUM("COILS"), NUM("DA"), NUM("DB"), NUM("DC"), NUM("LA"), NUM("LB"),
    NUM("LC"), NUM("LD"), TEXT("FILE"), ID("RM"), TEXT("ELEMENT"), NUM("FACETING_TOLERANCE"), ID("CID"), ID("CRM"),
    NUM("CSEG"), TEXT("COLOR")};
static const adm_argdef OUTPUT[] = {FLAG("CHART"), NUM("DSCALE"), NUM("DZERO"), FLAG("FIXED"), FLAG("GR521SAV"),
                                    FLAG("GRSAVE"), FLAG("LOADS"), FLAG("NOPRINT"), FLAG("NOSEPARATOR"),
                                    FLAG("OSFORMAT"), FLAG("REQSAVE"), FLAG("SEPARATOR"), FLAG("TELETYPE"),
                                    NUM("VZERO"), FLAG("YPR")};
static const adm_argdef RESULTS[] = {
    TEXT("COMMENT"), NUM("DECIMALS"), FLAG("FORMATTED"), FLAG("NOACCELERATIONS"), FLAG("NOAPPLIEDFORCES"),
    FLAG("NOCONTACTS"), FLAG("NODATASTRUCTURES"), FLAG("NODISPLACEMENTS"), FLAG("NOFLOATINGMARKERS"),
    FLAG("NOLINEAR"), FLAG("NOREACTIONFORCES"), FLAG("NOSYSTEMELEMENTS"), FLAG("NOTIRES"), FLAG("NOVELOCITIES"),
    FLAG("ROUNDOFF"), NUMS("SCIENTIFIC", 2, 2), NUM("SIGNIFICANT_FIGURES"), FLAG("TRAILING_ZEROS"), FLAG("XRF"),
    NUM("ZEROTHRESHOLD")};
static const adm_argdef INTEGRATOR[] = {
    FLAG("GSTIFF"), FLAG("WSTIFF"), FLAG("CONSTANT_BDF"), FLAG("HHT"), FLAG("NEWMARK"), FLAG("HASTIFF"),
    FLAG("RKF45"), FLAG("ABAM"), FLAG("SI2"), FLAG("SI1"), FLAG("I3"), NUM("ERROR"), NUM("HMAX"), NUM("HMIN"),
    NUM("HINIT"), NUM("MAXIT"), NUM("KMAX"), WORD("PATTERN"), WORD("INTERPOLATE"), NUM("ALPHA"), NUM("BETA"),
    NUM("GAMMA"), WORD("CORRECTOR"), NUM("ADAPTIVITY"), FLAG("HRATIO")};
static const adm_argdef EQUILIBRIUM[] = {NUM("ALIMIT"), NUM("ERROR"), NUM("IMBALANCE"), NUM("MAXIT"),
                                         WORD("PATTERN"), NUM("STABILITY"), NUM("TLIMIT"), FLAG("DYNAMIC"),
                                         FLAG("STATIC"), NUM("SETTLING_TIME"), NUM("GLOBAL_DAMPING"),
                                         WORD("METHOD")};
static const adm_argdef KINEMATICS[] = {NUM("AERROR"), NUM("ALIMIT"), NUM("AMAXIT"), WORD("APATTERN"),
                                        NUM("ERROR"), NUM("HMAX"), NUM("MAXIT"), WORD("PATTERN"), NUM("TLIMIT")};
static const adm_argdef PREFERENCES[] = {NUM("CONTACT_FACETING_TOLERANCE"), WORD("CONTACT_GEOMETRY_LIBRARY"),
                                         WORD("FLEX_LIMIT_CHECK"), WORD("FLEX_LIMIT_CHECK_ACTION"), NUM("NTHREADS"),
                                         WORD("SIMFAIL"), WORD("SOLVERBIAS"), WORD("STATUS_MESSAGE"),
                                         WORD("LIBRARY_SEARCH_PATH")};
static const adm_argdef DEBUG[] = {FLAG("DOF"), FLAG("DUMP"), FLAG("EPRINT"), FLAG("JMDUMP"), FLAG("REQDUMP"),
                                   FLAG("RHSDUMP"), FLAG("TRACE"), FLAG("VERBOSE"), FLAG("TOPOLOGY")};

/* KIND(name): the element kind statement `name` becomes (the ids it takes) */
#define KIND_UNITS NULL
#define KIND_PART "Body_Rigid"
#define KIND_MARKER "Reference_Marker"
#define KIND_ACCGRAV NULL
#define KIND_JOINT "Constraint_Joint"
#define KIND_JPRIM "Constraint_Jprim"
#define KIND_MOTION "Motion_Joint"
#define KIND_COUPLER "Constraint_Coupler"
#define KIND_GEAR "Constraint_Coupler"
#define KIND_GCON "Constraint_General"
#define KIND_SFORCE "Force_Scalar_TwoBody"
#define KIND_VFORCE "Force_Vector_TwoBody"
#define KIND_VTORQUE "Force_Vector_TwoBody"
#define KIND_GFORCE "Force_Vector_TwoBody"
#define KIND_SPRINGDAMPER "Force_SpringDamper"
#define KIND_BUSHING "Force_Bushing"
#define KIND_FIELD "Force_Bushing"
#define KIND_BEAM "Force_Beam"
#define KIND_FRICTION "Force_JointFriction"
#define KIND_VARIABLE "Reference_Variable"
#define KIND_DIFF "Control_Diff"
#define KIND_ARRAY "Reference_Array"
#define KIND_SPLINE "Reference_Spline"
#define KIND_STRING "Reference_String"
#define KIND_PINPUT "Control_PlantInput"
#define KIND_MATRIX "Reference_Matrix"
#define KIND_LSE "Control_StateEqn"
#define KIND_GSE "Control_StateEqn"
#define KIND_TFSISO "Control_SISO"
#define KIND_POUTPUT "Control_PlantOutput"
#define KIND_REQUEST "Post_Request"
#define KIND_SENSOR "Sensor_Event"
#define KIND_GRAPHICS "Post_Graphic"
#define KIND_OUTPUT NULL
#define KIND_RESULTS NULL
#define KIND_INTEGRATOR NULL
#define KIND_EQUILIBRIUM NULL
#define KIND_KINEMATICS NULL
#define KIND_PREFERENCES NULL
#define KIND_DEBUG NULL

#define S(name, idrule, args, effect, map, doc) \
    static const adm_stmtdef D_##name = {#name, idrule, ADM_ARGS(args), effect, map, doc, KIND_##name};
#define REFUSED(name, doc) \
    static const adm_stmtdef D_##name = {#name, ADM_ID_OPTIONAL, NULL, 0, ADM_REFUSED, NULL, doc, NULL};

S(UNITS, ADM_ID_NONE, UNITS, ADM_CONVERTED, adm_map_units, "the model's units (Param_Unit)")
S(PART, ADM_ID_REQUIRED, PART, ADM_CONVERTED, adm_map_part, "a rigid body or the ground (Body_Rigid)")
S(MARKER, ADM_ID_REQUIRED, MARKER, ADM_CONVERTED, adm_map_marker, "a marker (Reference_Marker)")
S(ACCGRAV, ADM_ID_NONE, ACCGRAV, ADM_CONVERTED, adm_map_accgrav, "gravity (Force_Gravity)")
S(JOINT, ADM_ID_REQUIRED, JOINT, ADM_CONVERTED, adm_map_joint, "a joint (Constraint_Joint)")
S(JPRIM, ADM_ID_REQUIRED, JPRIM, ADM_CONVERTED, adm_map_jprim, "a joint primitive (Constraint_Jprim)")
S(MOTION, ADM_ID_REQUIRED, MOTION, ADM_CONVERTED, adm_map_motion, "a prescribed joint motion (Motion_Joint)")
S(COUPLER, ADM_ID_REQUIRED, COUPLER, ADM_CONVERTED, adm_map_coupler, "joint coupling (Constraint_Coupler)")
S(GEAR, ADM_ID_REQUIRED, GEAR, ADM_CONVERTED, adm_map_gear,
  "gears meshing at a common-velocity marker (Constraint_Coupler with the ratio of the geometry)")
S(GCON, ADM_ID_REQUIRED, GCON, ADM_CONVERTED, adm_map_gcon, "a constraint expression = 0 (Constraint_General)")
S(SFORCE, ADM_ID_REQUIRED, SFORCE, ADM_CONVERTED, adm_map_sforce, "a scalar force or torque (Force_Scalar_TwoBody)")
S(VFORCE, ADM_ID_REQUIRED, VFORCE, ADM_CONVERTED, adm_map_vforce, "a vector force (Force_Vector_TwoBody)")
S(VTORQUE, ADM_ID_REQUIRED, VTORQUE, ADM_CONVERTED, adm_map_vforce, "a vector torque (Force_Vector_TwoBody)")
S(GFORCE, ADM_ID_REQUIRED, GFORCE, ADM_CONVERTED, adm_map_vforce, "a force and a torque (Force_Vector_TwoBody)")
S(SPRINGDAMPER, ADM_ID_REQUIRED, SPRINGDAMPER, ADM_CONVERTED, adm_map_springdamper,
  "a linear spring-damper (Force_SpringDamper)")
S(BUSHING, ADM_ID_REQUIRED, BUSHING, ADM_CONVERTED, adm_map_bushing, "a bushing (Force_Bushing)")
S(FIELD, ADM_ID_REQUIRED, FIELD, ADM_CONVERTED, adm_map_field,
  "a linear field with diagonal matrices (Force_Bushing); coupling terms are refused")
S(BEAM, ADM_ID_REQUIRED, BEAM, ADM_CONVERTED, adm_map_beam, "a massless beam (Force_Beam)")
S(FRICTION, ADM_ID_REQUIRED, FRICTION, ADM_CONVERTED, adm_map_friction, "joint friction (Force_JointFriction)")
S(VARIABLE, ADM_ID_REQUIRED, VARIABLE, ADM_CONVERTED, adm_map_variable, "a variable (Reference_Variable)")
S(DIFF, ADM_ID_REQUIRED, DIFF, ADM_CONVERTED, adm_map_diff, "a differential equation (Control_Diff)")
S(ARRAY, ADM_ID_REQUIRED, ARRAY, ADM_CONVERTED, adm_map_array, "an array (Reference_Array)")
S(SPLINE, ADM_ID_REQUIRED, SPLINE, ADM_CONVERTED, adm_map_spline, "a curve (Reference_Spline)")
S(STRING, ADM_ID_REQUIRED, STRING, ADM_CONVERTED, adm_map_string, "a string (Reference_String)")
S(MATRIX, ADM_ID_REQUIRED, MATRIX, ADM_CONVERTED, adm_map_matrix, "a matrix (Reference_Matrix)")
S(LSE, ADM_ID_REQUIRED, LSE, ADM_CONVERTED, adm_map_lse, "linear state equations (Control_StateEqn LINEAR)")
S(GSE, ADM_ID_REQUIRED, GSE, ADM_CONVERTED, adm_map_gse,
  "general state equations of a user subroutine GSESUB (Control_StateEqn USERSUB)")
S(TFSISO, ADM_ID_REQUIRED, TFSISO, ADM_CONVERTED, adm_map_tfsiso, "a transfer function (Control_SISO)")
S(PINPUT, ADM_ID_REQUIRED, PLANT, ADM_CONVERTED, adm_map_plant, "plant inputs (Control_PlantInput)")
S(POUTPUT, ADM_ID_REQUIRED, PLANT, ADM_CONVERTED, adm_map_plant, "plant outputs (Control_PlantOutput)")
S(REQUEST, ADM_ID_REQUIRED, REQUEST, ADM_CONVERTED, adm_map_request, "an output request (Post_Request REQUEST_n)")
S(SENSOR, ADM_ID_REQUIRED, SENSOR, ADM_CONVERTED, adm_map_sensor, "an event sensor (Sensor_Event)")
S(GRAPHICS, ADM_ID_REQUIRED, GRAPHICS, ADM_CONVERTED, adm_map_graphics, "a graphic (Post_Graphic)")
S(OUTPUT, ADM_ID_NONE, OUTPUT, ADM_NO_EFFECT, adm_map_output,
  "settings of Adams' output files; YPR makes displacement requests yaw, pitch, roll")
S(RESULTS, ADM_ID_NONE, RESULTS, ADM_NO_EFFECT, NULL, "settings of Adams' results file: no effect")
S(INTEGRATOR, ADM_ID_NONE, INTEGRATOR, ADM_CONVERTED, adm_map_integrator, "integrator settings (Param_Transient)")
S(EQUILIBRIUM, ADM_ID_NONE, EQUILIBRIUM, ADM_CONVERTED, adm_map_equilibrium,
  "static equilibrium settings (Param_Static)")
S(KINEMATICS, ADM_ID_NONE, KINEMATICS, ADM_NO_EFFECT, NULL, "kinematic analysis settings: no effect")
S(PREFERENCES, ADM_ID_NONE, PREFERENCES, ADM_NO_EFFECT, NULL, "solver preferences: no effect")
S(DEBUG, ADM_ID_NONE, DEBUG, ADM_NO_EFFECT, NULL, "debugging output: no effect")

REFUSED(CONTACT, "contacts between solids are not supported")
REFUSED(CLEARANCE, "clearances are not supported")
REFUSED(FE_PART, "finite-element parts (flexible bodies) are not supported")
REFUSED(FE_NODE, "finite-element nodes (flexible bodies) are not supported")
REFUSED(FE_LOAD, "loads on finite-element parts are not supported")
REFUSED(FLEX_BODY, "flexible bodies are not supported")
REFUSED(POINT_MASS, "point masses of Adams are not supported")
REFUSED(NFORCE, "multi-point forces are not supported")
REFUSED(PTCV, "point-curve constraints are not supported")
REFUSED(CVCV, "curve-curve constraints are not supported")
REFUSED(CURVE, "curves are not supported")
REFUSED(SURFACE, "surfaces are not supported")
REFUSED(SECTION, "beam sections of finite-element parts are not supported")
REFUSED(MATERIAL, "materials of finite-element parts are not supported")
REFUSED(UCON, "user constraints (subroutines) are not supported")
REFUSED(MFORCE, "modal forces are not supported")
REFUSED(TIRE, "tires are not supported")
REFUSED(LSOLVER, "linear solver settings of Adams are not supported (mbsim chooses DENSE or KLU itself)")
REFUSED(MREQUEST, "multiple requests are not supported (write REQUESTs)")
REFUSED(IC, "initial-conditions analysis settings are not supported")
REFUSED(ENVIRONMENT, "environment settings are not supported")

const adm_stmtdef *const adm_dataset_statements[] = {
    &D_UNITS, &D_PART, &D_MARKER, &D_ACCGRAV, &D_JOINT, &D_JPRIM, &D_MOTION, &D_COUPLER, &D_GCON, &D_SFORCE,
    &D_VFORCE, &D_VTORQUE, &D_GFORCE, &D_SPRINGDAMPER, &D_BUSHING, &D_BEAM, &D_FRICTION, &D_VARIABLE, &D_DIFF,
    &D_ARRAY, &D_SPLINE, &D_STRING, &D_PINPUT, &D_POUTPUT, &D_REQUEST, &D_SENSOR, &D_GRAPHICS, &D_OUTPUT,
    &D_RESULTS, &D_INTEGRATOR, &D_EQUILIBRIUM, &D_KINEMATICS, &D_PREFERENCES, &D_DEBUG, &D_CONTACT, &D_CLEARANCE,
    &D_FIELD, &D_GEAR, &D_LSE, &D_TFSISO, &D_GSE, &D_MATRIX, &D_FE_PART, &D_FE_NODE, &D_FE_LOAD, &D_FLEX_BODY,
    &D_POINT_MASS, &D_NFORCE, &D_PTCV, &D_CVCV, &D_CURVE, &D_SURFACE, &D_SECTION, &D_MATERIAL, &D_UCON,
    &D_MFORCE, &D_TIRE, &D_LSOLVER, &D_MREQUEST, &D_IC, &D_ENVIRONMENT, NULL};
