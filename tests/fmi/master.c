/* A small co-simulation master for the FMU tests (tests/fmi/run.sh),
 * written from the FMI 2.0 and 3.0 standards' C API and model description
 * schema, to drive an FMU as an importer does and to hold it to the
 * standard, not to mbsim:
 *
 *   fmi_master check FMU
 *       unzip, read modelDescription.xml, check it (unique value references
 *       and names, valid causality / variability / initial combinations,
 *       start values where required and only there, declared units, the
 *       outputs listed in ModelStructure, one independent variable, the
 *       capability flags' values), dlopen the binary and look up every
 *       function the standard requires of a co-simulation FMU
 *   fmi_master run FMU --step H --stop T [--start T0] [--set NAME=VALUE]...
 *                      [--string NAME=TEXT]... [--input NAME=step:T1:VALUE]...
 *                      [--pd INPUT=OUTPUT,RATE,SETPOINT,KP,KD] [--log]
 *       check, then instantiate, set the start values given, initialise,
 *       and step with fixed communication steps of H to T: before each
 *       step the inputs are set (a step input: VALUE from T1 on, else 0;
 *       a PD controller: INPUT = -KP (OUTPUT - SETPOINT) - KD RATE, from
 *       the outputs of the last communication point); prints a CSV row
 *       "t,OUTPUT..." at the start and after every step; terminate, free.
 *       When the FMU ends the simulation inside a step (FMI 2: fmi2Discard
 *       with fmi2Terminated, FMI 3: terminateSimulation), the last row is at
 *       the time it reached and the master stops there.
 *       --reset N: then fmi2Reset / fmi3Reset and the same again (start
 *       values, initialisation, steps, rows), N times, before terminating;
 *       a step that fails ends its round (exit status 1 at the end).
 *       --second FILE: a second instance of the same FMU beside the first,
 *       with the --set, --string, --input and --pd options that follow
 *       (the communication steps are the first's), its rows in FILE;
 *       both are initialised, then each communication step is taken by the
 *       first instance and then by the second.
 *
 * Every message the FMU logs goes to stderr as "log: STATUS CATEGORY:
 * MESSAGE". Exit status: 0, 1 when an FMI call did not return OK (the call
 * and its status on stderr), 2 when the FMU is rejected (malformed
 * description, missing function, unusable archive) or the arguments are
 * wrong. */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <errno.h>
#include <libxml/parser.h>
#include <libxml/tree.h>
#include <math.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include <zip.h>

/* ---- the FMI types this master needs, from the standards' text ---- */

typedef void *fmi2Component;
typedef unsigned int fmi2ValueReference;
typedef int fmi2Boolean;
typedef enum { fmi2OK, fmi2Warning, fmi2Discard, fmi2Error, fmi2Fatal, fmi2Pending } fmi2Status;
typedef enum { fmi2ModelExchange, fmi2CoSimulation } fmi2Type;
typedef void (*fmi2Logger)(void *env, const char *instance, fmi2Status status, const char *category,
                           const char *message, ...);
typedef struct {
    fmi2Logger logger;
    void *(*allocateMemory)(size_t, size_t);
    void (*freeMemory)(void *);
    void (*stepFinished)(void *, fmi2Status);
    void *componentEnvironment;
} fmi2Callbacks;

typedef void *fmi3Instance;
typedef uint32_t fmi3ValueReference;
typedef enum { fmi3OK, fmi3Warning, fmi3Discard, fmi3Error, fmi3Fatal } fmi3Status;
typedef void (*fmi3Logger)(void *env, fmi3Status status, const char *category, const char *message);

/* Every function a co-simulation FMU must export (FMI 2.0: 2.1 and 4.2;
 * FMI 3.0: 2.2, and 4.2 for co-simulation). */
static const char *const FMI2_REQUIRED[] = {
    "fmi2GetTypesPlatform", "fmi2GetVersion", "fmi2SetDebugLogging", "fmi2Instantiate", "fmi2FreeInstance",
    "fmi2SetupExperiment", "fmi2EnterInitializationMode", "fmi2ExitInitializationMode", "fmi2Terminate",
    "fmi2Reset", "fmi2GetReal", "fmi2GetInteger", "fmi2GetBoolean", "fmi2GetString", "fmi2SetReal",
    "fmi2SetInteger", "fmi2SetBoolean", "fmi2SetString", "fmi2GetFMUstate", "fmi2SetFMUstate",
    "fmi2FreeFMUstate", "fmi2SerializedFMUstateSize", "fmi2SerializeFMUstate", "fmi2DeSerializeFMUstate",
    "fmi2GetDirectionalDerivative", "fmi2SetRealInputDerivatives", "fmi2GetRealOutputDerivatives", "fmi2DoStep",
    "fmi2CancelStep", "fmi2GetStatus", "fmi2GetRealStatus", "fmi2GetIntegerStatus", "fmi2GetBooleanStatus",
    "fmi2GetStringStatus", NULL};
static const char *const FMI3_REQUIRED[] = {
    "fmi3GetVersion", "fmi3SetDebugLogging", "fmi3InstantiateCoSimulation", "fmi3FreeInstance",
    "fmi3EnterInitializationMode", "fmi3ExitInitializationMode", "fmi3EnterEventMode", "fmi3Terminate",
    "fmi3Reset", "fmi3GetFloat32", "fmi3GetFloat64", "fmi3GetInt8", "fmi3GetUInt8", "fmi3GetInt16",
    "fmi3GetUInt16", "fmi3GetInt32", "fmi3GetUInt32", "fmi3GetInt64", "fmi3GetUInt64", "fmi3GetBoolean",
    "fmi3GetString", "fmi3GetBinary", "fmi3GetClock", "fmi3SetFloat32", "fmi3SetFloat64", "fmi3SetInt8",
    "fmi3SetUInt8", "fmi3SetInt16", "fmi3SetUInt16", "fmi3SetInt32", "fmi3SetUInt32", "fmi3SetInt64",
    "fmi3SetUInt64", "fmi3SetBoolean", "fmi3SetString", "fmi3SetBinary", "fmi3SetClock",
    "fmi3GetNumberOfVariableDependencies", "fmi3GetVariableDependencies", "fmi3GetFMUState", "fmi3SetFMUState",
    "fmi3FreeFMUState", "fmi3SerializedFMUStateSize", "fmi3SerializeFMUState", "fmi3DeserializeFMUState",
    "fmi3GetDirectionalDerivative", "fmi3GetAdjointDerivative", "fmi3EnterConfigurationMode",
    "fmi3ExitConfigurationMode", "fmi3GetIntervalDecimal", "fmi3GetIntervalFraction", "fmi3GetShiftDecimal",
    "fmi3GetShiftFraction", "fmi3SetIntervalDecimal", "fmi3SetIntervalFraction", "fmi3SetShiftDecimal",
    "fmi3SetShiftFraction", "fmi3EvaluateDiscreteStates", "fmi3UpdateDiscreteStates", "fmi3EnterStepMode",
    "fmi3GetOutputDerivatives", "fmi3DoStep", NULL};

/* ---- the description ---- */

typedef struct variable {
    char *name;
    unsigned vr;
    char *causality, *variability, *initial, *type; /* type: Real/Float64 or String */
    int has_start;
    double start;
} variable;

typedef struct fmu {
    int version; /* 2 or 3 */
    char dir[256];
    char *identifier, *token;
    variable *vars;
    int n_vars;
    void *lib;
} fmu;

static int reject(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
static int reject(const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    fprintf(stderr, "fmi_master: rejected: ");
    vfprintf(stderr, fmt, ap);
    fprintf(stderr, "\n");
    va_end(ap);
    return -1;
}

static char *prop(xmlNode *n, const char *name)
{
    xmlChar *v = xmlGetProp(n, (const xmlChar *)name);
    return (char *)v;
}

static int is(xmlNode *n, const char *name)
{
    return n->type == XML_ELEMENT_NODE && strcmp((const char *)n->name, name) == 0;
}

static xmlNode *child(xmlNode *n, const char *name)
{
    for (xmlNode *c = n->children; c; c = c->next)
        if (is(c, name))
            return c;
    return NULL;
}

static int one_of(const char *s, const char *const *list)
{
    for (; *list; list++)
        if (s && strcmp(s, *list) == 0)
            return 1;
    return 0;
}

/* The causality, variability and initial combinations both standards allow
 * (FMI 2.0 section 2.2.7, FMI 3.0 section 2.4.7.4), with the defaults of
 * initial filled in; start required where initial is exact or approx and
 * for inputs, forbidden where calculated and for the independent variable. */
static int check_combination(fmu *f, variable *v)
{
    static const char *const CAUS[] = {"parameter", "calculatedParameter", "input", "output", "local",
                                       "independent", "structuralParameter", NULL};
    static const char *const VARI[] = {"constant", "fixed", "tunable", "discrete", "continuous", NULL};
    if (!v->causality)
        v->causality = strdup("local");
    if (!v->variability)
        v->variability = strdup(strcmp(v->type, "Real") == 0 || strcmp(v->type, "Float64") == 0 ? "continuous"
                                                                                                : "discrete");
    if (!one_of(v->causality, CAUS) || (f->version == 2 && strcmp(v->causality, "structuralParameter") == 0))
        return reject("variable '%s': causality '%s' is not one of the standard's", v->name, v->causality);
    if (!one_of(v->variability, VARI))
        return reject("variable '%s': variability '%s' is not one of the standard's", v->name, v->variability);
    const char *c = v->causality, *var = v->variability;
    int ok;
    if (strcmp(c, "parameter") == 0 || strcmp(c, "calculatedParameter") == 0 || strcmp(c, "structuralParameter") == 0)
        ok = strcmp(var, "fixed") == 0 || strcmp(var, "tunable") == 0;
    else if (strcmp(c, "input") == 0)
        ok = strcmp(var, "discrete") == 0 || strcmp(var, "continuous") == 0;
    else if (strcmp(c, "independent") == 0)
        ok = strcmp(var, "continuous") == 0;
    else
        ok = 1;
    if (!ok)
        return reject("variable '%s': causality '%s' with variability '%s' is not allowed", v->name, c, var);
    const char *init = v->initial;
    if (strcmp(c, "independent") == 0 || strcmp(c, "input") == 0) {
        if (init && !(f->version == 3 && strcmp(c, "input") == 0 && strcmp(init, "exact") == 0))
            return reject("variable '%s': a%s %s has no initial attribute", v->name,
                          strcmp(c, "input") == 0 ? "n" : "n", c);
    } else if (strcmp(c, "parameter") == 0 || strcmp(c, "structuralParameter") == 0) {
        if (init && strcmp(init, "exact") != 0)
            return reject("variable '%s': a parameter's initial is exact, not '%s'", v->name, init);
        init = "exact";
    } else if (strcmp(c, "calculatedParameter") == 0) {
        if (init && strcmp(init, "approx") != 0 && strcmp(init, "calculated") != 0)
            return reject("variable '%s': a calculated parameter's initial is approx or calculated", v->name);
        init = init ? init : "calculated";
    } else if (strcmp(c, "output") == 0) {
        if (strcmp(var, "constant") == 0 ? init && strcmp(init, "exact") != 0
                                         : init && strcmp(init, "exact") != 0 && strcmp(init, "calculated") != 0)
            return reject("variable '%s': an output's initial '%s' is not allowed", v->name, init);
        init = init ? init : strcmp(var, "constant") == 0 ? "exact" : "calculated";
    } else {
        init = init ? init : strcmp(var, "constant") == 0 ? "exact" : "calculated";
    }
    int needs_start = strcmp(c, "input") == 0 || (strcmp(c, "independent") != 0 &&
                                                  (strcmp(init, "exact") == 0 || strcmp(init, "approx") == 0));
    if (needs_start && !v->has_start)
        return reject("variable '%s' (%s, initial %s) has no start value", v->name, c, init);
    if (!needs_start && v->has_start)
        return reject("variable '%s' (%s%s%s) must not have a start value", v->name, c,
                      strcmp(c, "independent") == 0 ? "" : ", initial ", strcmp(c, "independent") == 0 ? "" : init);
    return 0;
}

static int declared_unit(xmlNode *root, const char *unit)
{
    xmlNode *defs = child(root, "UnitDefinitions");
    for (xmlNode *u = defs ? defs->children : NULL; u; u = u->next) {
        if (!is(u, "Unit"))
            continue;
        char *name = prop(u, "name");
        int same = name && strcmp(name, unit) == 0;
        xmlFree(name);
        if (same)
            return 1;
    }
    return 0;
}

/* A variable's type element: FMI 2 the child of ScalarVariable, FMI 3 the
 * element itself. */
static int read_variable(fmu *f, xmlNode *root, xmlNode *n, variable *v)
{
    memset(v, 0, sizeof *v);
    xmlNode *t = n;
    if (f->version == 2) {
        for (t = n->children; t && t->type != XML_ELEMENT_NODE; t = t->next)
            ;
        if (!t)
            return reject("ScalarVariable without a type element");
    }
    v->type = strdup((const char *)t->name);
    v->name = prop(n, "name");
    char *vr = prop(n, "valueReference");
    v->causality = prop(n, "causality");
    v->variability = prop(n, "variability");
    v->initial = prop(n, "initial");
    if (!v->name || !vr) {
        xmlFree(vr);
        return reject("a variable without a name or a valueReference");
    }
    char *end;
    unsigned long r = strtoul(vr, &end, 10);
    if (*end || end == vr || r > 0xffffffffUL) {
        reject("variable '%s': valueReference '%s' is not an unsigned integer", v->name, vr);
        xmlFree(vr);
        return -1;
    }
    xmlFree(vr);
    v->vr = (unsigned)r;
    char *start = prop(t, "start");
    xmlNode *start_el = child(t, "Start");
    v->has_start = start != NULL || start_el != NULL;
    if (start)
        v->start = strtod(start, NULL);
    xmlFree(start);
    char *unit = prop(t, "unit");
    int bad_unit = unit && !declared_unit(root, unit);
    if (bad_unit)
        reject("variable '%s': unit '%s' is not in UnitDefinitions", v->name, unit);
    xmlFree(unit);
    return bad_unit ? -1 : check_combination(f, v);
}

static int check_bool(xmlNode *n, const char *attr)
{
    char *v = prop(n, attr);
    int ok = !v || strcmp(v, "true") == 0 || strcmp(v, "false") == 0;
    if (!ok)
        reject("CoSimulation %s='%s' is not a boolean", attr, v);
    xmlFree(v);
    return ok ? 0 : -1;
}

static int flag(xmlNode *n, const char *attr)
{
    char *v = prop(n, attr);
    int on = v && strcmp(v, "true") == 0;
    xmlFree(v);
    return on;
}

static int read_description(fmu *f)
{
    char path[512];
    snprintf(path, sizeof path, "%s/modelDescription.xml", f->dir);
    xmlDoc *doc = xmlReadFile(path, NULL, XML_PARSE_NONET | XML_PARSE_NOERROR | XML_PARSE_NOWARNING);
    if (!doc)
        return reject("modelDescription.xml is missing or not well-formed XML");
    xmlNode *root = xmlDocGetRootElement(doc);
    int rc = -1;
    char *version = NULL;
    if (!root || !is(root, "fmiModelDescription")) {
        reject("the root element is not fmiModelDescription");
        goto out;
    }
    version = prop(root, "fmiVersion");
    if (version && strcmp(version, "2.0") == 0)
        f->version = 2;
    else if (version && strncmp(version, "3.", 2) == 0)
        f->version = 3;
    else {
        reject("fmiVersion '%s' is neither 2.0 nor 3.x", version ? version : "");
        goto out;
    }
    f->token = prop(root, f->version == 2 ? "guid" : "instantiationToken");
    char *model_name = prop(root, "modelName");
    int named = model_name != NULL;
    xmlFree(model_name);
    if (!f->token || !named) {
        reject("fmiModelDescription needs modelName and %s", f->version == 2 ? "guid" : "instantiationToken");
        goto out;
    }
    xmlNode *cs = child(root, "CoSimulation");
    if (!cs || !(f->identifier = prop(cs, "modelIdentifier"))) {
        reject("no CoSimulation element with a modelIdentifier");
        goto out;
    }
    static const char *const FLAGS2[] = {"needsExecutionTool", "canHandleVariableCommunicationStepSize",
                                         "canInterpolateInputs", "canRunAsynchronuously",
                                         "canBeInstantiatedOnlyOncePerProcess", "canNotUseMemoryManagementFunctions",
                                         "canGetAndSetFMUstate", "canSerializeFMUstate",
                                         "providesDirectionalDerivative", NULL};
    static const char *const FLAGS3[] = {"needsExecutionTool", "canHandleVariableCommunicationStepSize",
                                         "canBeInstantiatedOnlyOncePerProcess", "canGetAndSetFMUState",
                                         "canSerializeFMUState", "providesDirectionalDerivatives",
                                         "providesAdjointDerivatives", "hasEventMode", "providesIntermediateUpdate",
                                         "mightReturnEarlyFromDoStep", "canReturnEarlyAfterIntermediateUpdate", NULL};
    for (const char *const *fl = f->version == 2 ? FLAGS2 : FLAGS3; *fl; fl++)
        if (check_bool(cs, *fl) != 0)
            goto out;
    /* this master steps with a fixed communication step, needs no asynchronous
     * or early-returning steps and never asks for the FMU state */
    if (f->version == 3 && flag(cs, "hasEventMode")) {
        reject("hasEventMode: this master does not handle event mode");
        goto out;
    }
    xmlNode *mv = child(root, "ModelVariables");
    if (!mv) {
        reject("no ModelVariables");
        goto out;
    }
    int cap = 0;
    for (xmlNode *n = mv->children; n; n = n->next)
        cap += n->type == XML_ELEMENT_NODE;
    f->vars = calloc((size_t)cap + 1, sizeof *f->vars);
    int independents = 0;
    for (xmlNode *n = mv->children; n; n = n->next) {
        if (n->type != XML_ELEMENT_NODE)
            continue;
        if (f->version == 2 && !is(n, "ScalarVariable")) {
            reject("ModelVariables holds a <%s>, not a ScalarVariable", (const char *)n->name);
            goto out;
        }
        variable *v = &f->vars[f->n_vars];
        if (read_variable(f, root, n, v) != 0)
            goto out;
        f->n_vars++;
        independents += strcmp(v->causality, "independent") == 0;
        for (int k = 0; k < f->n_vars - 1; k++) {
            if (strcmp(f->vars[k].name, v->name) == 0) {
                reject("two variables are named '%s'", v->name);
                goto out;
            }
            /* FMI 2: unique per base type; FMI 3: unique */
            if (f->vars[k].vr == v->vr && (f->version == 3 || strcmp(f->vars[k].type, v->type) == 0)) {
                reject("variables '%s' and '%s' share value reference %u", f->vars[k].name, v->name, v->vr);
                goto out;
            }
        }
    }
    if (independents > 1 || (f->version == 3 && independents != 1)) {
        reject("%d independent variables (FMI %d.0 wants %s)", independents, f->version,
               f->version == 3 ? "exactly one" : "at most one");
        goto out;
    }
    /* ModelStructure: every output listed, each once, nothing else */
    xmlNode *ms = child(root, "ModelStructure");
    int listed_outputs = 0, outputs = 0;
    for (int i = 0; i < f->n_vars; i++)
        outputs += strcmp(f->vars[i].causality, "output") == 0;
    xmlNode *list = ms && f->version == 2 ? child(ms, "Outputs") : ms;
    for (xmlNode *u = list ? list->children : NULL; u; u = u->next) {
        if (!(f->version == 2 ? is(u, "Unknown") : is(u, "Output")))
            continue;
        char *ref = prop(u, f->version == 2 ? "index" : "valueReference");
        long k = ref ? strtol(ref, NULL, 10) : -1;
        xmlFree(ref);
        variable *v = NULL;
        if (f->version == 2 && k >= 1 && k <= f->n_vars)
            v = &f->vars[k - 1];
        for (int i = 0; f->version == 3 && i < f->n_vars; i++)
            if ((long)f->vars[i].vr == k)
                v = &f->vars[i];
        if (!v || strcmp(v->causality, "output") != 0) {
            reject("ModelStructure lists %ld as an output, which is no output variable", k);
            goto out;
        }
        listed_outputs++;
    }
    if (listed_outputs != outputs) {
        reject("ModelStructure lists %d outputs, the variables have %d", listed_outputs, outputs);
        goto out;
    }
    rc = 0;
out:
    xmlFree(version);
    xmlFreeDoc(doc);
    return rc;
}

/* ---- the archive ---- */

static int make_dirs(const char *path)
{
    char buf[1024];
    snprintf(buf, sizeof buf, "%s", path);
    for (char *p = buf + 1; *p; p++) {
        if (*p != '/')
            continue;
        *p = '\0';
        if (mkdir(buf, 0755) != 0 && errno != EEXIST)
            return -1;
        *p = '/';
    }
    return 0;
}

static int unzip(const char *archive, const char *dir)
{
    int err = 0;
    zip_t *z = zip_open(archive, ZIP_RDONLY, &err);
    if (!z)
        return reject("%s is not a zip archive", archive);
    zip_int64_t n = zip_get_num_entries(z, 0);
    int rc = 0;
    for (zip_int64_t i = 0; i < n && rc == 0; i++) {
        const char *name = zip_get_name(z, (zip_uint64_t)i, 0);
        if (!name || strstr(name, "..") || name[0] == '/') {
            rc = reject("archive entry '%s' leaves the folder", name ? name : "");
            break;
        }
        char path[1024];
        snprintf(path, sizeof path, "%s/%s", dir, name);
        if (make_dirs(path) != 0) {
            rc = reject("cannot make the folders of %s", path);
            break;
        }
        if (name[strlen(name) - 1] == '/')
            continue;
        zip_file_t *zf = zip_fopen_index(z, (zip_uint64_t)i, 0);
        FILE *out = fopen(path, "wb");
        char buf[65536];
        zip_int64_t got;
        while (zf && out && (got = zip_fread(zf, buf, sizeof buf)) > 0)
            fwrite(buf, 1, (size_t)got, out);
        if (!zf || !out)
            rc = reject("cannot unpack %s", name);
        if (out)
            fclose(out);
        if (zf)
            zip_fclose(zf);
        zip_uint8_t opsys;
        zip_uint32_t attr;
        if (zip_file_get_external_attributes(z, (zip_uint64_t)i, 0, &opsys, &attr) == 0 && opsys == ZIP_OPSYS_UNIX &&
            (attr >> 16) != 0)
            chmod(path, (attr >> 16) & 0777);
    }
    zip_discard(z);
    return rc;
}

static int load(fmu *f, const char *archive)
{
    snprintf(f->dir, sizeof f->dir, "/tmp/fmi_master.XXXXXX");
    if (!mkdtemp(f->dir))
        return reject("cannot make a temporary folder");
    if (unzip(archive, f->dir) != 0 || read_description(f) != 0)
        return -1;
    char so[1024];
    snprintf(so, sizeof so, "%s/binaries/%s/%s.so", f->dir, f->version == 2 ? "linux64" : "x86_64-linux",
             f->identifier);
    f->lib = dlopen(so, RTLD_NOW | RTLD_LOCAL);
    if (!f->lib)
        return reject("cannot load the binary: %s", dlerror());
    for (const char *const *fn = f->version == 2 ? FMI2_REQUIRED : FMI3_REQUIRED; *fn; fn++)
        if (!dlsym(f->lib, *fn))
            return reject("the binary lacks %s, which the standard requires", *fn);
    return 0;
}

static void cleanup(fmu *f)
{
    /* the variables read, and the one a rejection stopped half-read */
    for (int i = 0; f->vars && i <= f->n_vars; i++) {
        variable *v = &f->vars[i];
        free(v->type);
        xmlFree(v->name);
        xmlFree(v->causality);
        xmlFree(v->variability);
        xmlFree(v->initial);
    }
    free(f->vars);
    xmlFree(f->identifier);
    xmlFree(f->token);
    /* the binary stays loaded until exit: unloading it first would leave a
     * leak checker without the FMU's own stack frames */
    if (f->dir[0]) {
        char cmd[600];
        snprintf(cmd, sizeof cmd, "rm -rf '%s'", f->dir);
        if (system(cmd) != 0)
            fprintf(stderr, "fmi_master: cannot remove %s\n", f->dir);
    }
}

static variable *find(fmu *f, const char *name)
{
    for (int i = 0; i < f->n_vars; i++)
        if (strcmp(f->vars[i].name, name) == 0)
            return &f->vars[i];
    return NULL;
}

/* ---- logging ---- */

static const char *const STATUS[] = {"OK", "Warning", "Discard", "Error", "Fatal", "Pending"};

static void logger2(void *env, const char *instance, fmi2Status status, const char *category, const char *message,
                    ...)
{
    (void)env;
    char text[4096];
    va_list ap;
    va_start(ap, message);
    vsnprintf(text, sizeof text, message, ap);
    va_end(ap);
    fprintf(stderr, "log: %s %s %s: %s\n", STATUS[status <= fmi2Pending ? status : 0], instance, category, text);
}

static void logger3(void *env, fmi3Status status, const char *category, const char *message)
{
    (void)env;
    fprintf(stderr, "log: %s %s: %s\n", STATUS[status <= fmi3Fatal ? status : 0], category, message);
}

/* ---- the run ---- */

typedef struct setting {
    const char *name, *value;
} setting;

typedef struct step_input {
    const char *name;
    double t1, value;
} step_input;

typedef struct options {
    double step, stop, start;
    setting sets[16], strings[4];
    int n_sets, n_strings;
    step_input inputs[8];
    int n_inputs;
    const char *pd_input, *pd_output, *pd_rate;
    double pd_set, pd_kp, pd_kd;
    int log;
    int resets;      /* --reset N: run again after fmi2Reset / fmi3Reset, N times */
    const char *out; /* the second instance's rows (--second FILE) */
} options;

/* The calls, by version, of what a co-simulation needs. */
typedef struct api {
    fmu *f;
    void *c;
    int (*set_real)(struct api *a, unsigned vr, double v);
    int (*get_real)(struct api *a, unsigned vr, double *v);
    int (*set_string)(struct api *a, unsigned vr, const char *v);
} api;

#define SYM(f, name) dlsym((f)->lib, name)

static int called(const char *what, int status, double t)
{
    if (status == 0)
        return 0;
    fprintf(stderr, "fmi_master: %s returned %s at t = %.17g\n", what, STATUS[status >= 0 && status <= 5 ? status : 4],
            t);
    return -1;
}

static int set_real2(api *a, unsigned vr, double v)
{
    fmi2Status (*fn)(void *, const fmi2ValueReference *, size_t, const double *) = SYM(a->f, "fmi2SetReal");
    return fn(a->c, &vr, 1, &v);
}
static int get_real2(api *a, unsigned vr, double *v)
{
    fmi2Status (*fn)(void *, const fmi2ValueReference *, size_t, double *) = SYM(a->f, "fmi2GetReal");
    return fn(a->c, &vr, 1, v);
}
static int set_string2(api *a, unsigned vr, const char *v)
{
    fmi2Status (*fn)(void *, const fmi2ValueReference *, size_t, const char *const *) = SYM(a->f, "fmi2SetString");
    return fn(a->c, &vr, 1, &v);
}
static int set_real3(api *a, unsigned vr, double v)
{
    fmi3Status (*fn)(void *, const fmi3ValueReference *, size_t, const double *, size_t) = SYM(a->f, "fmi3SetFloat64");
    fmi3ValueReference r = vr;
    return fn(a->c, &r, 1, &v, 1);
}
static int get_real3(api *a, unsigned vr, double *v)
{
    fmi3Status (*fn)(void *, const fmi3ValueReference *, size_t, double *, size_t) = SYM(a->f, "fmi3GetFloat64");
    fmi3ValueReference r = vr;
    return fn(a->c, &r, 1, v, 1);
}
static int set_string3(api *a, unsigned vr, const char *v)
{
    fmi3Status (*fn)(void *, const fmi3ValueReference *, size_t, const char *const *, size_t) =
        SYM(a->f, "fmi3SetString");
    fmi3ValueReference r = vr;
    return fn(a->c, &r, 1, &v, 1);
}

static int instantiate(api *a, const options *o, const char *name)
{
    fmu *f = a->f;
    char resources[600];
    if (f->version == 2) {
        static fmi2Callbacks callbacks = {logger2, calloc, free, NULL, NULL};
        fmi2Component (*inst)(const char *, fmi2Type, const char *, const char *, const fmi2Callbacks *, int, int) =
            SYM(f, "fmi2Instantiate");
        snprintf(resources, sizeof resources, "file://%s/resources", f->dir);
        a->c = inst(name, fmi2CoSimulation, f->token, resources, &callbacks, 0, o->log);
        a->set_real = set_real2;
        a->get_real = get_real2;
        a->set_string = set_string2;
    } else {
        fmi3Instance (*inst)(const char *, const char *, const char *, bool, bool, bool, bool,
                             const fmi3ValueReference *, size_t, void *, fmi3Logger, void *) =
            SYM(f, "fmi3InstantiateCoSimulation");
        snprintf(resources, sizeof resources, "%s/resources/", f->dir);
        a->c = inst(name, f->token, resources, false, o->log, false, false, NULL, 0, NULL, logger3, NULL);
        a->set_real = set_real3;
        a->get_real = get_real3;
        a->set_string = set_string3;
    }
    if (!a->c)
        fprintf(stderr, "fmi_master: instantiation failed\n");
    return a->c ? 0 : -1;
}

static int start_values(api *a, const options *o)
{
    for (int i = 0; i < o->n_sets; i++) {
        variable *v = find(a->f, o->sets[i].name);
        if (!v || strcmp(v->causality, "parameter") != 0) {
            fprintf(stderr, "fmi_master: no parameter '%s'\n", o->sets[i].name);
            return -1;
        }
        if (called("SetReal", a->set_real(a, v->vr, strtod(o->sets[i].value, NULL)), o->start) != 0)
            return -1;
    }
    for (int i = 0; i < o->n_strings; i++) {
        variable *v = find(a->f, o->strings[i].name);
        if (!v) {
            fprintf(stderr, "fmi_master: no variable '%s'\n", o->strings[i].name);
            return -1;
        }
        if (called("SetString", a->set_string(a, v->vr, o->strings[i].value), o->start) != 0)
            return -1;
    }
    return 0;
}

/* The inputs for the step from t: the step inputs' values, the PD
 * controller's from the last outputs. */
static int set_inputs(api *a, const options *o, double t)
{
    for (int i = 0; i < o->n_inputs; i++) {
        variable *v = find(a->f, o->inputs[i].name);
        double u = t >= o->inputs[i].t1 - 1e-12 ? o->inputs[i].value : 0.0;
        if (called("SetReal (input)", a->set_real(a, v->vr, u), t) != 0)
            return -1;
    }
    if (o->pd_input) {
        double y, ydot;
        if (called("GetReal", a->get_real(a, find(a->f, o->pd_output)->vr, &y), t) != 0 ||
            called("GetReal", a->get_real(a, find(a->f, o->pd_rate)->vr, &ydot), t) != 0)
            return -1;
        double u = -o->pd_kp * (y - o->pd_set) - o->pd_kd * ydot;
        if (called("SetReal (input)", a->set_real(a, find(a->f, o->pd_input)->vr, u), t) != 0)
            return -1;
    }
    return 0;
}


/* One instance's co-simulation: its calls, its options, where it is. */
typedef struct session {
    api a;
    const options *o;
    const char *name;
    FILE *out;     /* its rows */
    double t;
    long k, n;     /* steps taken, steps to take */
    int finished;  /* the FMU ended the simulation */
} session;

static int print_row(session *s, double t)
{
    fprintf(s->out, "%.17g", t);
    for (int i = 0; i < s->a.f->n_vars; i++) {
        if (strcmp(s->a.f->vars[i].causality, "output") != 0)
            continue;
        double v;
        if (called("GetReal (output)", s->a.get_real(&s->a, s->a.f->vars[i].vr, &v), t) != 0)
            return -1;
        fprintf(s->out, ",%.17g", v);
    }
    fprintf(s->out, "\n");
    return 0;
}

/* From the instantiated state: start values, initialisation, the header
 * and the first row. */
static int session_begin(session *s)
{
    fmu *f = s->a.f;
    const options *o = s->o;
    s->t = o->start;
    s->k = 0;
    s->n = lround((o->stop - o->start) / o->step);
    s->finished = 0;
    if (f->version == 2) {
        fmi2Status (*setup)(void *, int, double, double, int, double) = SYM(f, "fmi2SetupExperiment");
        fmi2Status (*enter)(void *) = SYM(f, "fmi2EnterInitializationMode");
        fmi2Status (*exit_init)(void *) = SYM(f, "fmi2ExitInitializationMode");
        if (start_values(&s->a, o) != 0 || called("fmi2SetupExperiment", setup(s->a.c, 0, 0, s->t, 1, o->stop), s->t) ||
            called("fmi2EnterInitializationMode", enter(s->a.c), s->t) || set_inputs(&s->a, o, s->t) != 0 ||
            called("fmi2ExitInitializationMode", exit_init(s->a.c), s->t))
            return -1;
    } else {
        fmi3Status (*enter)(void *, bool, double, double, bool, double) = SYM(f, "fmi3EnterInitializationMode");
        fmi3Status (*exit_init)(void *) = SYM(f, "fmi3ExitInitializationMode");
        if (start_values(&s->a, o) != 0 ||
            called("fmi3EnterInitializationMode", enter(s->a.c, 0, 0, s->t, 1, o->stop), s->t) ||
            set_inputs(&s->a, o, s->t) != 0 || called("fmi3ExitInitializationMode", exit_init(s->a.c), s->t))
            return -1;
    }
    fprintf(s->out, "t");
    for (int i = 0; i < f->n_vars; i++)
        if (strcmp(f->vars[i].causality, "output") == 0)
            fprintf(s->out, ",%s", f->vars[i].name);
    fprintf(s->out, "\n");
    return print_row(s, s->t);
}

/* The next communication step and its row; done when all are taken or the
 * FMU ended the simulation. */
static int session_step(session *s)
{
    fmu *f = s->a.f;
    const options *o = s->o;
    if (s->finished || s->k >= s->n)
        return 0;
    if (set_inputs(&s->a, o, s->t) != 0)
        return -1;
    int st, ended = 0;
    double last = s->t;
    if (f->version == 2) {
        fmi2Status (*step)(void *, double, double, int) = SYM(f, "fmi2DoStep");
        st = step(s->a.c, s->t, o->step, 1);
        /* fmi2Discard: the FMU got only part of the way; if it ended the
         * simulation (fmi2Terminated), the last row is where it stopped */
        if (st == fmi2Discard) {
            fmi2Status (*bstatus)(void *, int, int *) = SYM(f, "fmi2GetBooleanStatus");
            fmi2Status (*rstatus)(void *, int, double *) = SYM(f, "fmi2GetRealStatus");
            int terminated = 0;
            if (bstatus(s->a.c, 3 /* fmi2Terminated */, &terminated) == fmi2OK && terminated &&
                rstatus(s->a.c, 2 /* fmi2LastSuccessfulTime */, &last) == fmi2OK) {
                ended = 1;
                st = fmi2OK;
            }
        }
    } else {
        fmi3Status (*step)(void *, double, double, bool, bool *, bool *, bool *, double *) = SYM(f, "fmi3DoStep");
        bool event, terminate, early;
        st = step(s->a.c, s->t, o->step, true, &event, &terminate, &early, &last);
        ended = st == fmi3OK && terminate;
    }
    if (called(f->version == 2 ? "fmi2DoStep" : "fmi3DoStep", st, s->t) != 0)
        return -1;
    if (ended) {
        fprintf(stderr, "fmi_master: %s: the FMU ended the simulation at t = %.17g\n", s->name, last);
        s->finished = 1;
        return print_row(s, last);
    }
    s->k++;
    s->t = o->start + (double)s->k * o->step;
    return print_row(s, s->t);
}

static int session_reset(session *s)
{
    fmu *f = s->a.f;
    fmi2Status (*reset)(void *) = SYM(f, f->version == 2 ? "fmi2Reset" : "fmi3Reset");
    return called(f->version == 2 ? "fmi2Reset" : "fmi3Reset", reset(s->a.c), s->t);
}

static int session_end(session *s)
{
    fmu *f = s->a.f;
    int rc = 0;
    fflush(s->out);
    if (!s->a.c)
        return 0;
    fmi2Status (*term)(void *) = SYM(f, f->version == 2 ? "fmi2Terminate" : "fmi3Terminate");
    void (*free_instance)(void *) = SYM(f, f->version == 2 ? "fmi2FreeInstance" : "fmi3FreeInstance");
    if (called(f->version == 2 ? "fmi2Terminate" : "fmi3Terminate", term(s->a.c), s->t) != 0)
        rc = -1;
    free_instance(s->a.c);
    s->a.c = NULL;
    return rc;
}

static int usable_options(fmu *f, const options *o)
{
    for (int i = 0; i < o->n_inputs; i++)
        if (!find(f, o->inputs[i].name) || strcmp(find(f, o->inputs[i].name)->causality, "input") != 0) {
            fprintf(stderr, "fmi_master: no input '%s'\n", o->inputs[i].name);
            return -1;
        }
    if (o->pd_input && (!find(f, o->pd_input) || !find(f, o->pd_output) || !find(f, o->pd_rate))) {
        fprintf(stderr, "fmi_master: --pd names a variable the FMU does not have\n");
        return -1;
    }
    return 0;
}

/* The co-simulation of `o` (and of `second` beside it, its steps taken
 * in turn with the first's), run again after fmi2Reset / fmi3Reset
 * `o->resets` times. */
static int run(fmu *f, const options *o, const options *second)
{
    if (usable_options(f, o) != 0 || (second && usable_options(f, second) != 0))
        return 2;
    session s[2] = {{{f, NULL, NULL, NULL, NULL}, o, "master", stdout, o->start, 0, 0, 0},
                    {{f, NULL, NULL, NULL, NULL}, second, "second", NULL, o->start, 0, 0, 0}};
    int n = second ? 2 : 1, rc = 1;
    if (second && !(s[1].out = fopen(second->out, "w"))) {
        fprintf(stderr, "fmi_master: cannot write %s\n", second->out);
        return 2;
    }
    for (int i = 0; i < n; i++)
        if (instantiate(&s[i].a, s[i].o, s[i].name) != 0)
            goto done;
    int failed = 0;
    for (int round = 0; round <= o->resets; round++) {
        for (int i = 0; i < n; i++)
            if ((round > 0 && session_reset(&s[i]) != 0) || session_begin(&s[i]) != 0)
                goto done;
        /* a failed step ends the round: reset (the one call, with
         * terminate and free, a failed FMU accepts) starts the next */
        int more = 1, failed_now = 0;
        while (more && !failed_now) {
            more = 0;
            for (int i = 0; i < n && !failed_now; i++) {
                failed_now = session_step(&s[i]) != 0;
                more |= !s[i].finished && s[i].k < s[i].n;
            }
        }
        failed |= failed_now;
    }
    rc = failed;
done:
    for (int i = 0; i < n; i++)
        if (session_end(&s[i]) != 0)
            rc = 1;
    if (s[1].out)
        fclose(s[1].out);
    return rc;
}

static int usage(void)
{
    fprintf(stderr, "usage: fmi_master check FMU\n"
                    "       fmi_master run FMU --step H --stop T [--start T0] [--set NAME=VALUE]...\n"
                    "                  [--string NAME=TEXT]... [--input NAME=step:T1:VALUE]...\n"
                    "                  [--pd INPUT=OUTPUT,RATE,SETPOINT,KP,KD] [--log] [--reset N]\n"
                    "                  [--second FILE [--set ...] [--string ...] [--input ...] [--pd ...]]\n");
    return 2;
}

/* NAME=VALUE split in place (the argument's own storage: nothing to free) */
static int name_value(char *arg, setting *s)
{
    char *eq = strchr(arg, '=');
    if (!eq)
        return -1;
    *eq = '\0';
    s->name = arg;
    s->value = eq + 1;
    return 0;
}

int main(int argc, char **argv)
{
    if (argc < 3)
        return usage();
    int running = strcmp(argv[1], "run") == 0;
    if (!running && strcmp(argv[1], "check") != 0)
        return usage();
    /* options[0] the first instance's; --second FILE starts the second's */
    options opts[2] = {{.step = 0, .stop = 0}, {.step = 0, .stop = 0}};
    options *o = &opts[0];
    for (int i = 3; i < argc; i++) {
        const char *a = argv[i];
        char *v = i + 1 < argc ? argv[i + 1] : NULL;
        if (strcmp(a, "--log") == 0) {
            o->log = 1;
            continue;
        }
        if (!v)
            return usage();
        i++;
        setting s;
        if (strcmp(a, "--step") == 0 && o == &opts[0])
            o->step = strtod(v, NULL);
        else if (strcmp(a, "--stop") == 0 && o == &opts[0])
            o->stop = strtod(v, NULL);
        else if (strcmp(a, "--start") == 0 && o == &opts[0])
            o->start = strtod(v, NULL);
        else if (strcmp(a, "--reset") == 0 && o == &opts[0])
            o->resets = atoi(v);
        else if (strcmp(a, "--second") == 0 && o == &opts[0]) {
            o = &opts[1];
            o->out = v;
        } else if (strcmp(a, "--set") == 0 && o->n_sets < 16 && name_value(v, &s) == 0)
            o->sets[o->n_sets++] = s;
        else if (strcmp(a, "--string") == 0 && o->n_strings < 4 && name_value(v, &s) == 0)
            o->strings[o->n_strings++] = s;
        else if (strcmp(a, "--input") == 0 && o->n_inputs < 8 && name_value(v, &s) == 0 &&
                 sscanf(s.value, "step:%lf:%lf", &o->inputs[o->n_inputs].t1, &o->inputs[o->n_inputs].value) == 2)
            o->inputs[o->n_inputs++].name = s.name;
        else if (strcmp(a, "--pd") == 0 && !o->pd_input && name_value(v, &s) == 0) {
            char out[128], rate[128];
            if (sscanf(s.value, "%127[^,],%127[^,],%lf,%lf,%lf", out, rate, &o->pd_set, &o->pd_kp, &o->pd_kd) != 5)
                return usage();
            o->pd_input = s.name;
            o->pd_output = strdup(out);
            o->pd_rate = strdup(rate);
        } else
            return usage();
    }
    /* the second instance keeps the first's communication steps */
    opts[1].step = opts[0].step;
    opts[1].stop = opts[0].stop;
    opts[1].start = opts[0].start;
    if (running && !(opts[0].step > 0 && opts[0].stop > opts[0].start && opts[0].resets >= 0))
        return usage();
    fmu f;
    memset(&f, 0, sizeof f);
    int rc = load(&f, argv[2]) == 0 ? 0 : 2;
    if (rc == 0 && running)
        rc = run(&f, &opts[0], opts[1].out ? &opts[1] : NULL);
    else if (rc == 0)
        printf("fmi_master: %s: FMI %d.0, %d variables, the binary has every required function\n", argv[2], f.version,
               f.n_vars);
    cleanup(&f);
    for (int k = 0; k < 2; k++) {
        free((void *)opts[k].pd_output); /* strdup'd by --pd */
        free((void *)opts[k].pd_rate);
    }
    return rc;
}
