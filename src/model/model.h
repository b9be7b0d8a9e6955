/* The compiled model: everything about a simulation that does not change
 * while it runs. Built once from the spec by the compiler, read-only after
 * that; all that changes during a run lives in mbs_data (solver/eval/data.h).
 *
 * Units: SI throughout (the model's own units are kept only to write
 * results). Frames: "global" is the inertial frame; a body frame has its
 * origin at the centre of mass and the axes of the body's cg marker. */
#ifndef MBS_MODEL_H
#define MBS_MODEL_H

#include "joints.h"
#include "kind.h"
#include "measure.h"
#include "spec.h"
#include "../core/units.h"

#include <stddef.h>

/* ---- bodies --------------------------------------------------------------------- */

typedef enum mbs_body_type {
    MBS_BODY_GROUND, /* no coordinates */
    MBS_BODY_RIGID,  /* q = (r[3], p[4]) centre of mass + unit quaternion; u = (v[3] global, w[3] body axes) */
    MBS_BODY_POINT,  /* q = r[3], u = v[3] */
    MBS_BODY_MASS1D  /* q = s, u = ds/dt: one scalar coordinate with a mass or inertia */
} mbs_body_type;

typedef struct mbs_body {
    int id;
    char *label;
    int line;
    mbs_body_type type;
    double mass;          /* kg (Mass1D: kg or kg m^2) */
    double inertia[9];    /* about the centre of mass, body axes (rigid bodies) */
    double r0[3];         /* initial centre of mass, global (Mass1D: r0[0] = initial coordinate) */
    double p0[4];         /* initial orientation (unit quaternion) */
    double v0[3];         /* initial velocity, global (Mass1D: v0[0]) */
    double w0[3];         /* initial angular velocity, global */
    int rotational;       /* Mass1D: the coordinate is an angle */
    int nq, nu;           /* 7/6 rigid, 3/3 point, 1/1 Mass1D, 0/0 ground */
    int q_ofs, u_ofs;     /* first position / velocity variable in y */
    int quat_mu;          /* multiplier index (in the mu block) of |p| = 1, or -1 */
} mbs_body;

/* ---- markers -------------------------------------------------------------------- */

typedef enum mbs_marker_type {
    MBS_MARKER_FRAME,       /* Reference_Marker: a frame fixed on a body */
    MBS_MARKER_BODY_COORD,  /* Marker_Coordinate on a body's coordinate */
    MBS_MARKER_JOINT_COORD  /* Marker_Coordinate on a joint's relative coordinate */
} mbs_marker_type;

typedef struct mbs_marker {
    int id;
    char *label;
    int line;
    mbs_marker_type type;
    int body;             /* body index (FRAME, BODY_COORD) */
    double pos[3];        /* FRAME: origin in body axes, relative to the centre of mass */
    double rot[9];        /* FRAME: marker axes in body axes (columns x, y, z) */
    int joint;            /* JOINT_COORD: component index of the joint */
    int coordinate;       /* BODY_COORD, JOINT_COORD: which coordinate */
    int is_angle;         /* the coordinate is an angle (for units) */
} mbs_marker;

/* ---- components: everything that adds equations (constraints, motions, forces) --- */

struct mbs_component;
struct mbs_eval;

/* A term of a constraint row or coordinate Jacobian acting on one body:
 * the row's derivative with respect to the body's virtual displacement,
 * written as d(row) = lin . dr + ang . dtheta with dr the centre-of-mass
 * displacement and dtheta the virtual rotation, both in global axes. For a
 * Mass1D body only lin[0] is used (coefficient of its coordinate). */
typedef struct mbs_jterm {
    int body;
    double lin[3];
    double ang[3];
} mbs_jterm;

#define MBS_MAX_TERMS 8

/* The Jacobian of a scalar (constraint row, coordinate): one term per body. */
typedef struct mbs_jac {
    int n;
    mbs_jterm terms[MBS_MAX_TERMS];
} mbs_jac;

/* A scalar coordinate (of a body or of a joint): value, rate, Jacobian. */
typedef struct mbs_coord {
    double q, v;
    mbs_jac jac;
} mbs_coord;

/* One output a sensor may ask for. */
typedef struct mbs_output_desc {
    const char *name;       /* e.g. "Force" */
    const char *columns;    /* space separated column names, e.g. "x y z" */
    mbs_dim dim;            /* of every column, unless dims is given */
    const mbs_dim *dims;    /* per-column dimensions, or NULL */
    unsigned angle_cols;    /* bit i set: column i is an angle (unit rad) */
    int code;               /* what to compute (built-in outputs; elements use the index) */
} mbs_output_desc;

/* Event bookkeeping passed to on_root so that elements can record what
 * happened (results /events). */
typedef struct mbs_event_log mbs_event_log;
void mbs_event_record(mbs_event_log *log, double t, const struct mbs_component *c, const char *kind);

typedef struct mbs_component_ops {
    /* Adds the element to the residual: applied forces, constraint rows
     * (mbs_eval_row), state equations (mbs_eval_state_residual). */
    void (*eval)(const struct mbs_component *c, struct mbs_eval *ev);
    /* Joints: relative coordinate `which` (value, rate, Jacobian). */
    int (*coordinate)(const struct mbs_component *c, const struct mbs_eval *ev, int which, mbs_coord *out);
    /* Event functions (n_roots values), continuous within the current mode. */
    void (*roots)(const struct mbs_component *c, const struct mbs_eval *ev, double *g);
    /* A root was located; `fired[k]` is +1/-1 for the direction of root k that
     * crossed, 0 otherwise. Switches the discrete mode; returns 1 if it did. */
    int (*on_root)(const struct mbs_component *c, struct mbs_eval *ev, const int *fired, mbs_event_log *log);
    /* Nonzero: its roots mark events in equations that stay continuous
     * there (a contact's onset and separation: its force law is 0 at zero
     * penetration), so the integrator steps on past them unless on_root
     * returns 1; else every root of it restarts the integrator (order one,
     * a new Newton matrix), as a switch in the equations needs. */
    int roots_continuous;
    /* After every accepted integrator step (e.g. counting turns of an angle). */
    void (*accept_step)(const struct mbs_component *c, struct mbs_eval *ev);
    /* The longest next step it allows from this state (called before each
     * step, the bodies' states current); INFINITY: no limit. A contact's
     * shapes must not pass through each other within one step, where no
     * root function would see them meet. */
    double (*max_step)(const struct mbs_component *c, const struct mbs_eval *ev);
    /* Contacts: whether it may exert a force before the Newton matrix is
     * made again (its shapes near enough to touch). In absolute
     * coordinates such an element's slopes are differenced alone, and only
     * while it is near (solver/dae/jacobian.c), so that it neither joins
     * its bodies' columns in the Jacobian's colouring nor costs each
     * coloured residual an evaluation. It applies loads only (no rows, no
     * states of its own). */
    int (*near)(const struct mbs_component *c, const struct mbs_eval *ev);
    /* Initial discrete and continuous states, before assembly. */
    void (*init)(const struct mbs_component *c, struct mbs_eval *ev);
    /* Initial values of its states z[0 .. n_states) before assembly (default 0). */
    void (*initial_states)(const struct mbs_component *c, double *z);
    /* At the start of the run's first analysis, a transient, with positions
     * and velocities consistent: states that follow the initial motion,
     * written into z[0 .. n_states) (which hold their values), and a warning
     * about that motion into msg (left empty: none). Returns 1 where it
     * changed z. (Joint friction: bristles at their steady deflection.) */
    int (*start_motion)(const struct mbs_component *c, const struct mbs_eval *ev, double *z, char *msg, size_t size);
    /* Their rates dz/dt before the consistent start (default 0): where the
     * start solves for a rate (an implicit state), Newton begins there. */
    void (*initial_rates)(const struct mbs_component *c, double *zdot);
    /* Energy bookkeeping: potential energy, and the power of non-conservative
     * forces (negative when dissipating). */
    double (*potential_energy)(const struct mbs_component *c, const struct mbs_eval *ev);
    double (*power_nc)(const struct mbs_component *c, const struct mbs_eval *ev);
    /* Nonzero: eval reports the same power (mbs_report_power), so that the
     * residual need not evaluate a costly element twice (joint friction). */
    int power_in_eval;
    /* Static equilibrium (statics.c): the element's states are unknowns of
     * the equilibrium when static_residual writes their equations (into
     * res[0 .. n_states)) and returns 0; otherwise (NULL, or -1) they are
     * frozen. static_begin is called once per Static analysis before the
     * solve; static_check after each solution: 0 it stands, 1 the element
     * changed its equations (solve again), -1 no equilibrium (reason in msg). */
    void (*static_begin)(const struct mbs_component *c, struct mbs_eval *ev);
    int (*static_residual)(const struct mbs_component *c, const struct mbs_eval *ev, double *res);
    int (*static_check)(const struct mbs_component *c, struct mbs_eval *ev, char *msg, size_t size);
    /* A joint-local law (model/joints.h): fills out with what it
     * contributes about a joint's axis and returns 1; 0 where, as built, it
     * is none (a translational spring-damper). */
    int (*joint_local)(const struct mbs_component *c, mbs_joint_local *out);
    /* Output y_which (from 0) of a state equation, which expressions read
     * with ARYVAL of its Y array (Control_StateEqn, Control_SISO). */
    double (*signal)(const struct mbs_component *c, const struct mbs_eval *ev, int which);
    /* Writes output `which` (index into c->outputs) to out. */
    void (*output)(const struct mbs_component *c, const struct mbs_eval *ev, int which, double *out);
    void (*free_params)(void *params);
} mbs_component_ops;

/* How a component's state enters the DAE (its residual row):
 *   EXPLICIT   dz/dt - f(...) = 0       (the default)
 *   IMPLICIT   g(z, dz/dt, ...) = 0     (a differential state defined implicitly)
 *   ALGEBRAIC  g(z, ...) = 0            (no derivative: IDA's algebraic variable) */
enum { MBS_STATE_EXPLICIT, MBS_STATE_IMPLICIT, MBS_STATE_ALGEBRAIC };

typedef struct mbs_component {
    const mbs_component_ops *ops;
    const mbs_kind *kind;
    int id;
    char *label;
    int line;
    void *params;              /* the element's own compiled data (read-only) */
    int *bodies;               /* bodies it couples (for the Jacobian's sparsity) */
    int n_bodies;
    int decoupled;             /* acts on each body alone (e.g. gravity): no coupling */
    int off_in_static;         /* switched off in Static analyses (joint friction inactive="STATIC") */
    int *depends;              /* other components whose multipliers it reads */
    int n_depends;
    int n_hrows;               /* holonomic constraint rows: g(q,t) = 0 and its rate */
    int n_vrows;               /* velocity-level rows only (non-holonomic) */
    int n_spare_rows;          /* of its rows, how many are alternatives not in use at the start
                                  (a motion's row of the other type) */
    int n_states;              /* states of its own (differential unless state_form says otherwise) */
    const unsigned char *state_form; /* [n_states] MBS_STATE_* (NULL: all explicit) */
    double state_scale;        /* typical magnitude of its states, SI (0: none), for scaling */
    double *state_atol;        /* [n_states] absolute tolerance of each state in units of atol
                                  (NULL: 1), e.g. the arm that turns an angle into a length */
    int n_roots;               /* event functions */
    const int *root_direction; /* [n_roots] crossings IDA watches: -1 falling, +1 rising, 0 both;
                                  NULL = both */
    int n_disc;                /* discrete state doubles (modes, turn counters) */
    int n_coords;              /* relative coordinates it offers to Marker_Coordinate (joints) */
    unsigned coord_angles;     /* bit k set: coordinate k is an angle */
    int row_ofs;               /* first row in the row table (holonomic rows, then velocity rows) */
    int state_ofs;             /* first state in the z block */
    int root_ofs, disc_ofs;
    const mbs_output_desc *outputs;
    int n_outputs;
    const mbs_joint_desc *joint; /* a joint (model/joints.h), owned by its params; NULL for other elements */
} mbs_component;

/* ---- sensors ---------------------------------------------------------------------- */

typedef enum mbs_sensor_source {
    MBS_SOURCE_BODY,
    MBS_SOURCE_MARKER,
    MBS_SOURCE_COMPONENT,
    MBS_SOURCE_SYSTEM,
    MBS_SOURCE_MARKER_PAIR, /* Post_Request: marker I relative to J in axes of R */
    MBS_SOURCE_EXPRESSIONS  /* Post_Request EXPRESSION, MARKER_FORCE: one run-time expression a column */
} mbs_sensor_source;

struct mbs_tfunc;

typedef struct mbs_sensor {
    int id;
    char *name;              /* dataset name: label or "sensor_<id>" */
    int line;
    char *type;              /* BODY, MARKER, ... (as in the file) */
    int element_id;
    char *output_name;
    char *comment;           /* a Post_Request's comment (Adams' C=), or NULL */
    mbs_sensor_source source;
    int index;               /* body, marker or component index */
    int output;              /* output index within its source */
    int marker_j, marker_ref;/* MARKER_PAIR: -1 = global */
    int pair_ypr;            /* MARKER_PAIR displacement: yaw pitch roll instead of psi theta phi */
    struct mbs_tfunc **exprs;/* EXPRESSIONS: [ncols], owned */
    int ncols;
    char **columns;
    mbs_dim *dims;
    double *to_model;        /* per column: SI -> model units factor */
    unsigned angle_cols;
} mbs_sensor;

/* ---- geometry (pictures; a Force_Contact's shapes) ------------------------------------ */

typedef enum mbs_shape {
    MBS_SHAPE_BOX,       /* size = edge lengths along x y z, centred on the shape frame */
    MBS_SHAPE_CYLINDER,  /* size = (radius, radius, length): base centred on the origin, along +z */
    MBS_SHAPE_FRUSTUM,   /* size = (bottom radius, top radius, length), as the cylinder */
    MBS_SHAPE_SPHERE,    /* size = (radius, radius, radius) */
    MBS_SHAPE_ELLIPSOID, /* size = semi-axes along x y z */
    MBS_SHAPE_OUTLINE,   /* a polyline through points (body frame) */
    MBS_SHAPE_MARKER,    /* axes of a frame: size[0] = their length */
    MBS_SHAPE_SPRING,    /* a line from pos on body to pos2 on body2 */
    MBS_SHAPE_MESH,      /* triangles between points (shape frame) */
    MBS_SHAPE_COIL,      /* a coil spring (helix) of radius size[0] from pos on body to pos2 on body2,
                            with damper cylinders at its ends */
    MBS_SHAPE_COUNT
} mbs_shape;

typedef enum mbs_shape_source {
    MBS_FROM_POST_GRAPHIC,   /* written in the model */
    MBS_FROM_INERTIA,        /* a body without one: its inertia ellipsoid (a sphere for a point mass) */
    MBS_FROM_JOINT,          /* a glyph at a joint's J marker */
    MBS_FROM_FORCE           /* a glyph between a force element's markers */
} mbs_shape_source;

typedef struct mbs_graphic {
    char *name;            /* "Post_Graphic 5 (label 'arm')", "body 'rod'", ... */
    mbs_shape shape;
    mbs_shape_source source;
    int body;              /* body index; its frame carries the shape */
    double pos[3], rot[9]; /* shape frame in the body frame (origin, axes as columns), SI */
    double size[3];        /* SI, see mbs_shape */
    double color[3];       /* 0..1 */
    double *points;        /* OUTLINE, MESH: [n_points x 3] in the shape frame */
    int n_points;
    int *triangles;        /* MESH: [n_triangles x 3] indices into points */
    int n_triangles;
    int body2;             /* SPRING, COIL: the other end's body and point in its frame */
    double pos2[3];
    int coils;             /* COIL: turns of the helix */
    double damper[6];      /* COIL: damper cylinders at I then at J: radius, gap from the
                              marker, length (along the line between the ends; 0: none) */
    int hidden;            /* not drawn (hidden="TRUE"): kept for a contact that names it */
} mbs_graphic;

/* ---- data elements (Reference_Spline, Reference_Array, Reference_String, Reference_Matrix) - */

typedef struct mbs_spline {
    int id;
    char *label;
    int n;                 /* points of each curve, >= 2, x strictly increasing */
    int nz;                /* curves: 1, or a surface y(x, z) of nz >= 2 curves */
    double *x;             /* [n], model units as written */
    double *z;             /* [nz] the z of each curve, strictly increasing (NULL for a curve) */
    double *y;             /* [nz][n] the curves one after the other */
    double *slope_akima;   /* [nz][n] node slopes of the Akima interpolants */
    double *slope_cubic;   /* [nz][n] node slopes of the natural cubic splines */
    int linear_extrapolate;/* beyond the ends: a straight line (else the end pieces continue) */
} mbs_spline;

typedef enum mbs_array_type { MBS_ARRAY_IC, MBS_ARRAY_U, MBS_ARRAY_X, MBS_ARRAY_Y } mbs_array_type;

typedef struct mbs_array {
    int id;
    char *label;
    mbs_array_type type;
    double *values;        /* IC: the numbers */
    int *variables;        /* U: component indices of the Reference_Variables */
    int n;
    int comp;              /* X, Y: the component (state equation) that fills it, -1 if none,
                              MBS_ARRAY_FILLER_FAILED if the one that names it failed; U: its user
                              subroutine's component (ARYSUB), whose states are its values, or -1 */
} mbs_array;

#define MBS_ARRAY_FILLER_FAILED (-2)

/* Reference_Matrix: a dense matrix, however the file gave it. */
typedef struct mbs_matrix {
    int id;
    char *label;
    int nrow, ncol;
    double *a;             /* [nrow x ncol] row-major */
} mbs_matrix;

typedef struct mbs_string {
    int id;
    char *label;
    char *text;
} mbs_string;

/* ---- analyses and solver settings --------------------------------------------------- */

typedef enum mbs_analysis_type {
    MBS_ANALYSIS_TRANSIENT,
    MBS_ANALYSIS_STATIC,
    MBS_ANALYSIS_ASSEMBLY,
    MBS_ANALYSIS_LINEAR
} mbs_analysis_type;

typedef struct mbs_analysis {
    mbs_analysis_type type;
    double end_time;       /* s */
    double print_interval; /* s */
    int line;
} mbs_analysis;

/* (TREE: the joint formulation's structured solver, solver/joint/tree_solver.c;
 * chosen by the formulation, not by the model) */
typedef enum mbs_linear_solver { MBS_LS_AUTO, MBS_LS_DENSE, MBS_LS_KLU, MBS_LS_TREE } mbs_linear_solver;

/* "DENSE", "KLU" or "TREE", as the results file names a linear solver in use. */
const char *mbs_linear_solver_name(mbs_linear_solver s);

/* The coordinates a transient integrates in: absolute (every body's
 * position and orientation), joint coordinates for the bodies a kinematic
 * tree carries (solver/joint/joint_system.h), or the faster of the two. */
typedef enum mbs_formulation { MBS_FORM_AUTO, MBS_FORM_ABSOLUTE, MBS_FORM_JOINT } mbs_formulation;

/* A command of <Command> that changes the model between analyses
 * (MotionSolve's modify commands, Deactivate, Activate, Stop). It changes
 * what the run's data holds (solver/analysis/plan.c), never the model. */
typedef enum mbs_command_kind {
    MBS_CMD_ACTIVATE,     /* comp: flag 1 active, 0 deactivated */
    MBS_CMD_OVERRIDE,     /* the expression with `slot` is `tfunc` from now on */
    MBS_CMD_SET_DISC,     /* comp's discrete state `index` becomes `value` (e.g. a motion's type) */
    MBS_CMD_ENABLE_ROWS,  /* comp's rows index .. index+count-1: flag 1 in use, 0 not */
    MBS_CMD_SETTINGS,     /* the integrator's settings become `settings` */
    MBS_CMD_MARKER_POSE,  /* marker's frame on its body becomes pos, rot */
    MBS_CMD_STOP          /* the run ends here */
} mbs_command_kind;

typedef struct mbs_solver_settings {
    double rtol, atol;     /* IDA tolerances (atol in SI for positions; scaled per variable) */
    double h_max;          /* 0 = unlimited */
    double h_min;          /* 0 = IDA's default */
    double h0;             /* initial step, 0 = IDA's choice */
    int max_order;         /* 1..5 */
    mbs_linear_solver linear_solver;
    mbs_formulation formulation;
    int interpolate;       /* outputs interpolated between steps (else stepped to exactly) */
    int absolute_rows;     /* joint coordinates: output rows made consistent in absolute
                              coordinates even where the joint system could (a check of
                              mbs_joint_system_row for the tests; no model sets it) */
    double assembly_move_limit; /* m; 0 = 1 % of the model's size (assembly_report.c) */
    int strict_assembly;   /* a move beyond the limit is an error (--strict) */
    int static_max_iter;   /* Param_Static: KINSOL's iterations (0: 200) */
    double static_imbalance; /* force left unbalanced, N (0: 1e-10 of the heaviest weight); at least
                                the forces' own rounding (statics.c) */
    double static_step_tol;  /* relative position change that ends the iterations (0: 1e-13) */
    int line;              /* where Param_Transient stands, 0 if absent */
} mbs_solver_settings;

/* ---- plant inputs and outputs (linear analysis) --------------------------------------- */

/* Control_PlantInput / Control_PlantOutput: the Reference_Variables that are
 * the inputs u or the outputs y of the state-space model. An input's
 * perturbation is added to its variable's value (mbs_data.var_offset); an
 * output is its variable's value, any expression of the state. */
typedef struct mbs_plant {
    int id;
    char *label;
    int line;
    int *variables;  /* [n_variables] component indices of the Reference_Variables */
    int n_variables;
} mbs_plant;

/* Param_Linear: what every Linear analysis computes. */
typedef struct mbs_linear_settings {
    int input;          /* plant index (m->plant_inputs) or -1 */
    int output;         /* plant index (m->plant_outputs) or -1 */
    int eigen;          /* eigenvalues and modes (eigen_analysis) */
    int line;           /* where Param_Linear stands, 0 if absent */
} mbs_linear_settings;

struct mbs_tfunc;

typedef struct mbs_command {
    mbs_command_kind kind;
    int before;            /* it runs before analysis `before` (n_analyses: after the last) */
    int line;
    int comp;              /* ACTIVATE, SET_DISC, ENABLE_ROWS */
    int flag;              /* ACTIVATE, ENABLE_ROWS */
    int index, count;      /* SET_DISC, ENABLE_ROWS */
    double value;          /* SET_DISC */
    int slot;              /* OVERRIDE: the slot of `replaced` (set once the model is complete) */
    const struct mbs_tfunc *replaced; /* OVERRIDE: the element's expression */
    struct mbs_tfunc *tfunc; /* OVERRIDE: its replacement, owned by the command */
    mbs_solver_settings settings; /* SETTINGS */
    int marker;            /* MARKER_POSE */
    double pos[3], rot[9]; /* MARKER_POSE: in body axes, from the centre of mass */
} mbs_command;

/* ---- the model ------------------------------------------------------------------------ */

typedef struct mbs_model {
    char *path;             /* model file as given */
    char *source;           /* its text */
    size_t source_len;
    mbs_units units;
    mbs_parameter *params;
    int n_params;
    const char **param_names;  /* for expression scopes: [n_params] */
    double *param_values;      /* [n_params] */

    mbs_body *bodies;       /* [n_bodies] */
    int n_bodies;
    mbs_marker *markers;    /* [n_markers] */
    int n_markers;
    mbs_component *comps;   /* [n_comps] */
    int n_comps;
    mbs_sensor *sensors;    /* [n_sensors] */
    int n_sensors;
    mbs_graphic *graphics;  /* [n_graphics] */
    int n_graphics;
    double size;            /* extent of the model at t = 0 (m), for glyphs and the assembly report */
    double gravity[3];      /* the sum of the Force_Gravity elements (m/s^2, global axes) */
    double up[3];           /* the model's up, against gravity (+z without it): unit, for pictures */
    mbs_spline *splines;    /* [n_splines] */
    int n_splines;
    mbs_array *arrays;      /* [n_arrays] */
    int n_arrays;
    mbs_string *strings;    /* [n_strings] */
    int n_strings;
    mbs_matrix *matrices;   /* [n_matrices] */
    int n_matrices;
    struct mbs_tfunc **tfuncs; /* [n_tfuncs] every run-time expression of the elements (borrowed), by slot */
    int n_tfuncs;
    mbs_analysis *analyses; /* [n_analyses], in the order they run */
    mbs_command *commands;  /* [n_commands], in the order they run, each before its analysis */
    int n_commands;
    int n_analyses;
    mbs_solver_settings settings;
    mbs_plant *plant_inputs;   /* [n_plant_inputs] */
    int n_plant_inputs;
    mbs_plant *plant_outputs;  /* [n_plant_outputs] */
    int n_plant_outputs;
    mbs_linear_settings linear;
    int output_ypr;         /* ResOutput angle_type="YPR": Post_Request angles as yaw pitch roll */

    /* layout of y = [q | u | z | lambda | mu] (see docs/theory.md) */
    int nq, nu, nz;         /* positions, velocities, other differential states */
    int n_rows;             /* constraint rows, one multiplier lambda each */
    int n_hol;              /* of which holonomic (with a position-level row and a mu) */
    int n_quat;             /* quaternion normalisation rows (mu only) */
    int n_mu;               /* n_hol + n_quat */
    int ny;                 /* total */
    int ofs_q, ofs_u, ofs_z, ofs_lambda, ofs_mu;
    int *row_comp;          /* [n_rows] owning component */
    int *row_mu;            /* [n_rows] index in the mu block, -1 for velocity-level rows */
    int n_roots, n_disc;
    int energy_state;       /* z index of the dissipated energy */
} mbs_model;

void mbs_model_free(mbs_model *m);

/* Index lookups by id (-1 if absent): the first body or marker of that id,
 * the component of that kind (its element name) and id. */
int mbs_model_body_index(const mbs_model *m, int id);
int mbs_model_marker_index(const mbs_model *m, int id);
int mbs_model_component_index(const mbs_model *m, const char *kind, int id);

/* "Constraint_Joint 7 (label 'pivot')", for messages and events. */
void mbs_component_describe(const mbs_component *c, char *out, size_t size);
/* "Body_Point 2 (label 'ball')". */
void mbs_body_describe(const mbs_body *b, char *out, size_t size);

/* The output rows the analyses write (a transient: one per print interval
 * and its first; Static and Assembly: one), as a double (a mistaken
 * print interval asks for more than a long holds). A model asking for more
 * than MBS_MAX_OUTPUT_ROWS is refused (at load time, and again after the
 * command line's --end-time and --print-interval): 1e9 rows of one column
 * are 8 GB, and a print interval of 1e-12 s asks for 1e12. */
#define MBS_MAX_OUTPUT_ROWS 1e9
double mbs_output_rows(const mbs_model *m);

/* "Body_Rigid 2 (label 'coin')", for messages. */
void mbs_body_describe(const mbs_body *b, char *out, size_t size);

/* Constraint rows in use at the start (without the alternatives). */
int mbs_model_rows_in_use(const mbs_model *m);

/* Degrees of freedom: velocity coordinates minus independent constraint rows
 * (as counted, before redundancy analysis). */
int mbs_model_dof(const mbs_model *m);

#endif
