/* The Adams/Solver commands of a command file (.acf) mbsim carries out,
 * declared as data, and their mapping onto the <Command> elements of the
 * XML format: SIMULATE -> Simulate, DEACTIVATE / ACTIVATE -> Deactivate /
 * Activate, INTEGRATOR -> Param_Transient, the modify forms of MOTION,
 * SFORCE and VARIABLE -> modify commands (their FUNCTION), STOP -> Stop. */
#include "adams_map.h"
#include "../core/strutil.h"

#include <stdio.h>
#include <string.h>

#define FLAG(n) {n, ADM_FLAG, 0, 0, NULL}
#define NUM(n) {n, ADM_NUM, 1, 1, NULL}
#define IDS(n) {n, ADM_ID, 1, 0, NULL}
#define EXPR(n) {n, ADM_EXPR, 0, 0, NULL}
#define WORD(n) {n, ADM_WORD, 0, 0, NULL}

static const adm_argdef SIMULATE[] = {FLAG("DYNAMIC"), FLAG("STATIC"), FLAG("KINEMATIC"), FLAG("TRANSIENT"),
                                      FLAG("INITIAL_CONDITIONS"), FLAG("ASSEMBLE"), NUM("END"), NUM("DURATION"),
                                      NUM("STEPS"), NUM("DTOUT")};
/* the element types of DEACTIVATE and ACTIVATE, with mbsim's element_type */
static const char *const SWITCHABLE[][2] = {
    {"BEAM", "BEAM"},       {"BUSHING", "BUSH"},       {"COUPLER", "COUPLER"}, {"DIFF", "DIFF"},
    {"FIELD", "BUSH"}, /* a FIELD became a Force_Bushing */     {"FRICTION", "FRICTION"},  {"GCON", "GCON"},       {"GFORCE", "GFORCE"},
    {"JOINT", "JOINT"},     {"JPRIM", "JPRIM"},        {"MOTION", "MOTION"},   {"SENSOR", "SENSOR"},
    {"SFORCE", "SFORCE"},   {"SPRINGDAMPER", "SPRINGDAMPER"}, {"VFORCE", "VFORCE"}, {"VTORQUE", "VTORQUE"},
};
static const adm_argdef SWITCH[] = {FLAG("BEAM"),   FLAG("BUSHING"), FLAG("COUPLER"), FLAG("DIFF"),
                                    FLAG("FIELD"),  FLAG("FRICTION"), FLAG("GCON"),   FLAG("GFORCE"),
                                    FLAG("JOINT"),  FLAG("JPRIM"),   FLAG("MOTION"),  FLAG("SENSOR"),
                                    FLAG("SFORCE"), FLAG("SPRINGDAMPER"), FLAG("VFORCE"), FLAG("VTORQUE"),
                                    IDS("ID")};
static const adm_argdef INTEGRATOR[] = {
    FLAG("GSTIFF"), FLAG("WSTIFF"), FLAG("CONSTANT_BDF"), FLAG("HHT"), FLAG("NEWMARK"), FLAG("HASTIFF"),
    FLAG("RKF45"), FLAG("ABAM"), FLAG("SI2"), FLAG("SI1"), FLAG("I3"), NUM("ERROR"), NUM("HMAX"), NUM("HMIN"),
    NUM("HINIT"), NUM("MAXIT"), NUM("KMAX"), WORD("PATTERN"), WORD("INTERPOLATE"), NUM("ALPHA"), NUM("BETA"),
    NUM("GAMMA"), WORD("CORRECTOR"), NUM("ADAPTIVITY"), FLAG("HRATIO")};
static const adm_argdef MOTION[] = {EXPR("FUNCTION"), FLAG("DISPLACEMENT"), FLAG("VELOCITY"), FLAG("ACCELERATION")};
static const adm_argdef FUNCTION_ONLY[] = {EXPR("FUNCTION")};
static const adm_argdef OUTPUT[] = {FLAG("NOSEPARATOR"), FLAG("SEPARATOR")};
static const adm_argdef NONE[] = {FLAG("-")};

static const adm_stmtdef C_SIMULATE = {"SIMULATE", ADM_ID_NONE, ADM_ARGS(SIMULATE), ADM_CONVERTED, adm_map_simulate,
                                       "an analysis (Simulate)", NULL};
static const adm_stmtdef C_DEACTIVATE = {"DEACTIVATE", ADM_ID_NONE, ADM_ARGS(SWITCH), ADM_CONVERTED, adm_map_activate,
                                         "switches elements off (Deactivate)", NULL};
static const adm_stmtdef C_ACTIVATE = {"ACTIVATE", ADM_ID_NONE, ADM_ARGS(SWITCH), ADM_CONVERTED, adm_map_activate,
                                       "switches elements on again (Activate)", NULL};
static const adm_stmtdef C_INTEGRATOR = {"INTEGRATOR", ADM_ID_NONE, ADM_ARGS(INTEGRATOR), ADM_CONVERTED,
                                         adm_map_integrator, "integrator settings for what follows (Param_Transient)", NULL};
static const adm_stmtdef C_MOTION = {"MOTION", ADM_ID_REQUIRED, ADM_ARGS(MOTION), ADM_CONVERTED, adm_map_modify,
                                     "a motion's new FUNCTION (modify Motion_Joint)", NULL};
static const adm_stmtdef C_SFORCE = {"SFORCE", ADM_ID_REQUIRED, ADM_ARGS(FUNCTION_ONLY), ADM_CONVERTED, adm_map_modify,
                                     "a force's new FUNCTION", NULL};
static const adm_stmtdef C_VARIABLE = {"VARIABLE", ADM_ID_REQUIRED, ADM_ARGS(FUNCTION_ONLY), ADM_CONVERTED,
                                       adm_map_modify, "a variable's new FUNCTION", NULL};
static const adm_stmtdef C_STOP = {"STOP", ADM_ID_NONE, NONE, 0, ADM_CONVERTED, adm_map_stop, "ends the run (Stop)", NULL};
static const adm_stmtdef C_OUTPUT = {"OUTPUT", ADM_ID_NONE, ADM_ARGS(OUTPUT), ADM_NO_EFFECT, NULL,
                                     "output file settings: no effect", NULL};
static const adm_stmtdef C_FILE = {"FILE", ADM_ID_OPTIONAL, NULL, 0, ADM_REFUSED, NULL,
                                   "reading other files is not supported (name the dataset on line 1)", NULL};
static const adm_stmtdef C_SAVE = {"SAVE", ADM_ID_OPTIONAL, NULL, 0, ADM_REFUSED, NULL,
                                   "saving and reloading is not supported", NULL};
static const adm_stmtdef C_RELOAD = {"RELOAD", ADM_ID_OPTIONAL, NULL, 0, ADM_REFUSED, NULL,
                                     "saving and reloading is not supported", NULL};
static const adm_stmtdef C_LINEAR = {"LINEAR", ADM_ID_OPTIONAL, NULL, 0, ADM_REFUSED, NULL,
                                     "LINEAR is not supported from command files yet (use the XML Simulate LINEAR)", NULL};

const adm_stmtdef *const adm_command_statements[] = {&C_SIMULATE, &C_DEACTIVATE, &C_ACTIVATE, &C_INTEGRATOR,
                                                    &C_MOTION,   &C_SFORCE,     &C_VARIABLE, &C_STOP,
                                                    &C_OUTPUT,   &C_FILE,       &C_SAVE,     &C_RELOAD,
                                                    &C_LINEAR,   NULL};

int adm_map_simulate(adm_ctx *c, const adm_stmt *s)
{
    (void)s;
    int kind = adm_choice(c, "DYNAMIC|STATIC|KINEMATIC|TRANSIENT|INITIAL_CONDITIONS|ASSEMBLE");
    if (kind < 0)
        return adm_error(c, NULL, "the analysis is needed: DYNAMIC, STATIC, KINEMATIC, TRANSIENT or "
                                  "INITIAL_CONDITIONS");
    static const char *const TYPE[] = {"TRANSIENT", "STATIC", "TRANSIENT", "TRANSIENT", "ASSEMBLY", "ASSEMBLY"};
    int timed = TYPE[kind][0] == 'T';
    if (timed && !adm_given(c, "END") && !adm_given(c, "DURATION"))
        return adm_error(c, NULL, "END or DURATION is needed");
    if (adm_given(c, "END") && adm_given(c, "DURATION"))
        return adm_error(c, "DURATION", "END and DURATION exclude each other");
    if (adm_given(c, "STEPS") && adm_given(c, "DTOUT"))
        return adm_error(c, "DTOUT", "STEPS and DTOUT exclude each other");
    if (kind == 2)
        adm_note(c, "KINEMATIC runs as a transient analysis: for a model without degrees of freedom the motion is "
                    "the same");
    mbs_spec_elem *e = adm_elem(c, "Simulate", 0);
    if (!e)
        return -1;
    adm_set(c, e, "analysis_type", NULL, TYPE[kind]);
    if (timed) {
        if (adm_given(c, "END"))
            adm_set_num(c, e, "end_time", adm_num(c, "END", 0, 0));
        else
            adm_set_num(c, e, "duration", adm_num(c, "DURATION", 0, 0));
        if (adm_given(c, "STEPS")) {
            long steps;
            if (adm_whole(c, "STEPS", &steps) != 0)
                return -1;
            if (steps < 1)
                return adm_error(c, "STEPS", "STEPS must be a whole number of at least 1");
            adm_set_int(c, e, "num_steps", steps);
        }
        if (adm_given(c, "DTOUT"))
            adm_set_num(c, e, "print_interval", adm_num(c, "DTOUT", 0, 0));
    }
    c->n_simulate++;
    return 0;
}

int adm_map_activate(adm_ctx *c, const adm_stmt *s)
{
    char flags[512] = "";
    for (size_t k = 0; k < sizeof SWITCHABLE / sizeof SWITCHABLE[0]; k++)
        snprintf(flags + strlen(flags), sizeof flags - strlen(flags), "%s%s", k ? "|" : "", SWITCHABLE[k][0]);
    int type = adm_choice(c, flags);
    if (type < 0)
        return adm_error(c, NULL, "the element type is needed (one of %s)", flags);
    if (!adm_given(c, "ID"))
        return adm_error(c, NULL, "ID is needed (the elements' identifiers)");
    if (adm_check_refs(c, "ID", SWITCHABLE[type][0]) != 0)
        return -1;
    int on = strcmp(s->def->name, "ACTIVATE") == 0;
    const adm_val *ids = adm_arg(s, "ID");
    for (int k = 0; k < ids->n; k++) {
        mbs_spec_elem *e = adm_elem(c, on ? "Activate" : "Deactivate", 0);
        if (!e)
            return -1;
        adm_set(c, e, "element_type", NULL, SWITCHABLE[type][1]);
        adm_set_int(c, e, "element_id", (long)ids->num[k]);
    }
    return 0;
}

/* MOTION/id, SFORCE/id, VARIABLE/id with a new FUNCTION: the modify command
 * of the element the dataset statement became. */
int adm_map_modify(adm_ctx *c, const adm_stmt *s)
{
    const adm_stmt *model = adm_find(c, s->def->name, s->id);
    if (!model)
        return adm_error(c, NULL, "there is no %s/%d in the dataset", s->def->name, s->id);
    if (!adm_given(c, "FUNCTION"))
        return adm_error(c, NULL, "FUNCTION is needed (the only thing mbsim changes by this command)");
    const char *f = adm_expression(c, "FUNCTION");
    if (!f)
        return -1;
    const char *kind = "Reference_Variable", *attr = "expr";
    if (strcmp(s->def->name, "MOTION") == 0) {
        kind = "Motion_Joint";
    } else if (strcmp(s->def->name, "SFORCE") == 0) {
        kind = "Force_Scalar_TwoBody";
        attr = "val";
    }
    mbs_spec_elem *e = adm_elem(c, kind, s->id);
    if (!e)
        return -1;
    adm_set(c, e, attr, "FUNCTION", f);
    if (strcmp(s->def->name, "MOTION") == 0) {
        int k = adm_choice(c, "DISPLACEMENT|VELOCITY|ACCELERATION");
        if (k >= 0)
            adm_set(c, e, "val_type", NULL, k == 0 ? "D" : k == 1 ? "V" : "A");
    }
    return 0;
}

int adm_map_stop(adm_ctx *c, const adm_stmt *s)
{
    (void)s;
    return adm_elem(c, "Stop", 0) ? 0 : -1;
}
