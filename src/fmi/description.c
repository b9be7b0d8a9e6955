/* Writing modelDescription.xml (description.h), after the FMI 2.0 and 3.0
 * schemas: fmi2ModelDescription.xsd (ScalarVariable with a Real child,
 * ModelStructure by 1-based variable index) and fmi3ModelDescription.xsd
 * (Float64 elements, ModelStructure by value reference). */
#include "description.h"
#include "../core/strutil.h"
#include "../core/version.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* s with the five XML special characters escaped, as an attribute value. */
static void append_escaped(mbs_buf *b, const char *s)
{
    char one[2] = {0, 0};
    for (; s && *s; s++) {
        switch (*s) {
        case '&': mbs_buf_append(b, "&amp;"); break;
        case '<': mbs_buf_append(b, "&lt;"); break;
        case '>': mbs_buf_append(b, "&gt;"); break;
        case '"': mbs_buf_append(b, "&quot;"); break;
        case '\'': mbs_buf_append(b, "&apos;"); break;
        default:
            /* control characters are not allowed in XML 1.0 attributes */
            one[0] = (unsigned char)*s < 0x20 ? ' ' : *s;
            mbs_buf_append(b, one);
        }
    }
}

static void attr(mbs_buf *b, const char *name, const char *value)
{
    mbs_buf_appendf(b, " %s=\"", name);
    append_escaped(b, value);
    mbs_buf_append(b, "\"");
}

static const mbs_analysis *first_transient(const mbs_model *m)
{
    for (int i = 0; i < m->n_analyses; i++)
        if (m->analyses[i].type == MBS_ANALYSIS_TRANSIENT)
            return &m->analyses[i];
    return NULL;
}

#define RESULTS_DESCRIPTION "the HDF5 results file the FMU writes of its run, as mbsim run does (empty: none)"

static const char *const CAUSALITY[] = {"independent", "parameter", "input", "output"};

/* causality, variability and initial: the combinations both standards allow
 * (FMI 2.0 table 2.2.7, FMI 3.0 table 19): parameters fixed and exact,
 * inputs continuous with a start, outputs continuous and calculated. */
static void kind_attrs(mbs_buf *b, const mbs_fmi_var *v)
{
    attr(b, "causality", CAUSALITY[v->causality]);
    attr(b, "variability", v->causality == MBS_FMI_PARAMETER ? "fixed" : "continuous");
    if (v->causality == MBS_FMI_PARAMETER)
        attr(b, "initial", "exact");
    else if (v->causality == MBS_FMI_OUTPUT)
        attr(b, "initial", "calculated");
}

static int has_start(const mbs_fmi_var *v)
{
    return v->causality == MBS_FMI_PARAMETER || v->causality == MBS_FMI_INPUT;
}

/* The unit a variable declares, or NULL (none, or dimensionless). */
static const char *unit_of(const mbs_fmi_var *v)
{
    return v->unit && strcmp(v->unit, "1") != 0 ? v->unit : NULL;
}

/* Every unit the variables use, once, in SI base units: the model's force
 * unit is kg m s^-2 times its factor, an angle is rad. Time is seconds
 * whatever the model's units (the FMU's time is). */
static void unit_definitions(mbs_buf *b, const mbs_model *m, const mbs_fmi_vars *vars)
{
    mbs_buf_append(b, "  <UnitDefinitions>\n");
    for (int i = 0; i < vars->n; i++) {
        const mbs_fmi_var *v = &vars->v[i];
        int first = unit_of(v) != NULL;
        for (int k = 0; k < i && first; k++)
            first = !unit_of(&vars->v[k]) || strcmp(unit_of(&vars->v[k]), v->unit) != 0;
        if (!first)
            continue;
        mbs_dim d = v->dim;
        int kg = d.force + d.mass, metre = d.force + d.length, second = d.time - 2 * d.force;
        double factor = v->causality == MBS_FMI_TIME ? 1.0 : mbs_units_to_si(&m->units, d);
        mbs_buf_append(b, "    <Unit");
        attr(b, "name", v->unit);
        mbs_buf_append(b, "><BaseUnit");
        if (kg)
            mbs_buf_appendf(b, " kg=\"%d\"", kg);
        if (metre)
            mbs_buf_appendf(b, " m=\"%d\"", metre);
        if (second)
            mbs_buf_appendf(b, " s=\"%d\"", second);
        if (v->angle)
            mbs_buf_append(b, " rad=\"1\"");
        if (factor != 1.0)
            mbs_buf_appendf(b, " factor=\"%.17g\"", factor);
        mbs_buf_append(b, "/></Unit>\n");
    }
    mbs_buf_append(b, "  </UnitDefinitions>\n");
}

static void header(mbs_buf *b, const mbs_model *m, const mbs_fmi_vars *vars, const mbs_fmi_identity *id)
{
    mbs_buf_append(b, "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<fmiModelDescription");
    attr(b, "fmiVersion", id->version == 2 ? "2.0" : "3.0");
    attr(b, "modelName", id->model_name);
    attr(b, id->version == 2 ? "guid" : "instantiationToken", id->token);
    attr(b, "description", "An mbsim multibody model as a co-simulation FMU");
    attr(b, "generationTool", "mbsim " MBS_VERSION_STRING);
    attr(b, "variableNamingConvention", "flat");
    if (id->version == 2)
        attr(b, "numberOfEventIndicators", "0");
    mbs_buf_append(b, ">\n  <CoSimulation");
    attr(b, "modelIdentifier", id->identifier);
    attr(b, "canHandleVariableCommunicationStepSize", "true");
    if (id->version == 2) {
        attr(b, "canInterpolateInputs", "false");
        attr(b, "maxOutputDerivativeOrder", "0");
        attr(b, "canRunAsynchronuously", "false");
        attr(b, "canNotUseMemoryManagementFunctions", "true");
        attr(b, "canGetAndSetFMUstate", "false");
        attr(b, "canSerializeFMUstate", "false");
        attr(b, "providesDirectionalDerivative", "false");
    } else {
        attr(b, "canGetAndSetFMUState", "false");
        attr(b, "canSerializeFMUState", "false");
        attr(b, "providesDirectionalDerivatives", "false");
        attr(b, "providesAdjointDerivatives", "false");
        attr(b, "hasEventMode", "false");
        attr(b, "providesIntermediateUpdate", "false");
        attr(b, "mightReturnEarlyFromDoStep", "false");
    }
    mbs_buf_append(b, "/>\n");
    unit_definitions(b, m, vars);
    mbs_buf_append(b, "  <LogCategories>\n    <Category name=\"logStatusError\" description=\"errors, with mbsim's "
                      "message\"/>\n    <Category name=\"logStatusWarning\" description=\"warnings of the model and "
                      "its run\"/>\n  </LogCategories>\n");
    const mbs_analysis *a = first_transient(m);
    if (a)
        mbs_buf_appendf(b, "  <DefaultExperiment startTime=\"0\" stopTime=\"%.17g\" tolerance=\"%.17g\" "
                           "stepSize=\"%.17g\"/>\n",
                        a->end_time, m->settings.rtol, a->print_interval);
}

static void variables_2(mbs_buf *b, const mbs_fmi_vars *vars)
{
    mbs_buf_append(b, "  <ModelVariables>\n");
    for (int i = 0; i < vars->n; i++) {
        const mbs_fmi_var *v = &vars->v[i];
        mbs_buf_appendf(b, "    <!-- index %d -->\n    <ScalarVariable", i + 1);
        attr(b, "name", v->name);
        mbs_buf_appendf(b, " valueReference=\"%u\"", v->vr);
        attr(b, "description", v->description);
        kind_attrs(b, v);
        mbs_buf_append(b, ">\n      <Real");
        if (unit_of(v))
            attr(b, "unit", unit_of(v));
        if (has_start(v))
            mbs_buf_appendf(b, " start=\"%.17g\"", v->start);
        mbs_buf_append(b, "/>\n    </ScalarVariable>\n");
    }
    mbs_buf_appendf(b, "    <!-- index %d -->\n    <ScalarVariable name=\"%s\" valueReference=\"%u\" "
                       "description=\"%s\" causality=\"parameter\" variability=\"fixed\" initial=\"exact\">\n"
                       "      <String start=\"\"/>\n    </ScalarVariable>\n",
                    vars->n + 1, MBS_FMI_RESULTS_NAME, MBS_FMI_VR_RESULTS, RESULTS_DESCRIPTION);
    mbs_buf_append(b, "  </ModelVariables>\n  <ModelStructure>\n");
    for (int pass = 0; pass < 2; pass++) {
        if (vars->n_outputs == 0)
            break;
        mbs_buf_append(b, pass == 0 ? "    <Outputs>\n" : "    <InitialUnknowns>\n");
        for (int i = 0; i < vars->n; i++)
            if (vars->v[i].causality == MBS_FMI_OUTPUT)
                mbs_buf_appendf(b, "      <Unknown index=\"%d\"/>\n", i + 1);
        mbs_buf_append(b, pass == 0 ? "    </Outputs>\n" : "    </InitialUnknowns>\n");
    }
    mbs_buf_append(b, "  </ModelStructure>\n");
}

static void variables_3(mbs_buf *b, const mbs_fmi_vars *vars)
{
    mbs_buf_append(b, "  <ModelVariables>\n");
    for (int i = 0; i < vars->n; i++) {
        const mbs_fmi_var *v = &vars->v[i];
        mbs_buf_append(b, "    <Float64");
        attr(b, "name", v->name);
        mbs_buf_appendf(b, " valueReference=\"%u\"", v->vr);
        attr(b, "description", v->description);
        kind_attrs(b, v);
        if (unit_of(v))
            attr(b, "unit", unit_of(v));
        if (has_start(v))
            mbs_buf_appendf(b, " start=\"%.17g\"", v->start);
        mbs_buf_append(b, "/>\n");
    }
    mbs_buf_appendf(b, "    <String name=\"%s\" valueReference=\"%u\" description=\"%s\" causality=\"parameter\" "
                       "variability=\"fixed\" initial=\"exact\">\n      <Start value=\"\"/>\n    </String>\n",
                    MBS_FMI_RESULTS_NAME, MBS_FMI_VR_RESULTS, RESULTS_DESCRIPTION);
    mbs_buf_append(b, "  </ModelVariables>\n  <ModelStructure>\n");
    for (int pass = 0; pass < 2; pass++)
        for (int i = 0; i < vars->n; i++)
            if (vars->v[i].causality == MBS_FMI_OUTPUT)
                mbs_buf_appendf(b, "    <%s valueReference=\"%u\"/>\n", pass == 0 ? "Output" : "InitialUnknown",
                                vars->v[i].vr);
    mbs_buf_append(b, "  </ModelStructure>\n");
}

char *mbs_fmi_description(const mbs_model *m, const mbs_fmi_vars *vars, const mbs_fmi_identity *id)
{
    mbs_buf b;
    mbs_buf_init(&b);
    header(&b, m, vars, id);
    if (id->version == 2)
        variables_2(&b, vars);
    else
        variables_3(&b, vars);
    mbs_buf_append(&b, "</fmiModelDescription>\n");
    return b.data;
}

void mbs_fmi_identifier(const char *path, char *out, size_t size)
{
    const char *base = strrchr(path, '/');
    base = base ? base + 1 : path;
    const char *dot = strrchr(base, '.');
    size_t len = dot && dot != base ? (size_t)(dot - base) : strlen(base), n = 0;
    if (size == 0)
        return;
    if (len == 0 || isdigit((unsigned char)base[0]))
        out[n++] = '_';
    for (size_t i = 0; i < len && n + 1 < size; i++)
        out[n++] = isalnum((unsigned char)base[i]) ? base[i] : '_';
    out[n < size ? n : size - 1] = '\0';
}
