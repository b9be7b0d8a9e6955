/* The FMI 2.0 co-simulation functions of the FMU binary (FMI 2.0.x
 * standard, sections 2.1 and 4.2), each a translation onto the instance
 * (instance.h). What mbsim's FMU does not do (FMU state, directional and
 * output derivatives, asynchronous steps, integer, boolean variables)
 * returns fmi2Error with a logged message; the capability flags of the
 * description (src/fmi/description.c) say so too. */
#include "export.h"
#include "fmi2_api.h"
#include "instance.h"

#include <stdlib.h>
#include <string.h>

/* What fmi2Component points to: the instance and the importer's logger. */
typedef struct fmi2_instance {
    mbs_fmu *f;
    fmi2CallbackLogger logger;
    fmi2ComponentEnvironment env;
} fmi2_instance;

#define F(c) (((fmi2_instance *)(c))->f)

/* FMI 2 loggers take the message as a format: '%' doubled, and '#' too
 * (#r12# would name a variable). */
static void log_fmi2(void *host, const char *instance, mbs_fmu_status status, const char *category, const char *message)
{
    fmi2_instance *in = host;
    if (!in->logger)
        return;
    size_t n = 0;
    for (const char *p = message; *p; p++)
        n += *p == '%' || *p == '#' ? 2 : 1;
    char *text = malloc(n + 1), *o = text;
    if (!text)
        return;
    for (const char *p = message; *p; p++) {
        if (*p == '%' || *p == '#')
            *o++ = *p;
        *o++ = *p;
    }
    *o = '\0';
    in->logger(in->env, instance, (fmi2Status)status, category, text);
    free(text);
}

MBS_FMU_API const char *fmi2GetTypesPlatform(void)
{
    return "default";
}

MBS_FMU_API const char *fmi2GetVersion(void)
{
    return "2.0";
}

MBS_FMU_API fmi2Component fmi2Instantiate(fmi2String instanceName, fmi2Type fmuType, fmi2String fmuGUID,
                                          fmi2String fmuResourceLocation, const fmi2CallbackFunctions *functions,
                                          fmi2Boolean visible, fmi2Boolean loggingOn)
{
    (void)visible;
    fmi2_instance *in = calloc(1, sizeof *in);
    if (!in)
        return NULL;
    if (functions) {
        in->logger = functions->logger;
        in->env = functions->componentEnvironment;
    }
    const char *name = instanceName ? instanceName : "mbsim";
    if (fmuType != fmi2CoSimulation) {
        log_fmi2(in, name, MBS_FMU_ERROR, "logStatusError", "mbsim's FMU is for co-simulation only (no model exchange)");
        free(in);
        return NULL;
    }
    char *dir = fmuResourceLocation ? mbs_fmu_uri_path(fmuResourceLocation) : NULL;
    if (fmuResourceLocation && !dir) {
        log_fmi2(in, name, MBS_FMU_ERROR, "logStatusError", "the resource location is no file:// URI on this machine");
        free(in);
        return NULL;
    }
    in->f = mbs_fmu_instantiate(2, name, fmuGUID, dir, log_fmi2, in, loggingOn);
    free(dir);
    if (!in->f) {
        free(in);
        return NULL;
    }
    return in;
}

MBS_FMU_API void fmi2FreeInstance(fmi2Component c)
{
    if (!c)
        return;
    mbs_fmu_free(F(c));
    free(c);
}

MBS_FMU_API fmi2Status fmi2SetDebugLogging(fmi2Component c, fmi2Boolean loggingOn, size_t nCategories,
                                           const fmi2String categories[])
{
    (void)nCategories;
    (void)categories;
    mbs_fmu_set_logging(F(c), loggingOn);
    return fmi2OK;
}

MBS_FMU_API fmi2Status fmi2SetupExperiment(fmi2Component c, fmi2Boolean toleranceDefined, fmi2Real tolerance,
                                           fmi2Real startTime, fmi2Boolean stopTimeDefined, fmi2Real stopTime)
{
    (void)toleranceDefined; /* the model's tolerances are the run's (docs/fmi.md) */
    (void)tolerance;
    return (fmi2Status)mbs_fmu_setup(F(c), startTime, stopTimeDefined, stopTime);
}

MBS_FMU_API fmi2Status fmi2EnterInitializationMode(fmi2Component c)
{
    return (fmi2Status)mbs_fmu_enter_init(F(c));
}

MBS_FMU_API fmi2Status fmi2ExitInitializationMode(fmi2Component c)
{
    return (fmi2Status)mbs_fmu_exit_init(F(c));
}

MBS_FMU_API fmi2Status fmi2Terminate(fmi2Component c)
{
    return (fmi2Status)mbs_fmu_terminate(F(c));
}

MBS_FMU_API fmi2Status fmi2Reset(fmi2Component c)
{
    return (fmi2Status)mbs_fmu_reset(F(c));
}

MBS_FMU_API fmi2Status fmi2GetReal(fmi2Component c, const fmi2ValueReference vr[], size_t nvr, fmi2Real value[])
{
    return (fmi2Status)mbs_fmu_get_real(F(c), vr, nvr, value);
}

MBS_FMU_API fmi2Status fmi2SetReal(fmi2Component c, const fmi2ValueReference vr[], size_t nvr,
                                   const fmi2Real value[])
{
    return (fmi2Status)mbs_fmu_set_real(F(c), vr, nvr, value);
}

MBS_FMU_API fmi2Status fmi2GetString(fmi2Component c, const fmi2ValueReference vr[], size_t nvr, fmi2String value[])
{
    return (fmi2Status)mbs_fmu_get_string(F(c), vr, nvr, value);
}

MBS_FMU_API fmi2Status fmi2SetString(fmi2Component c, const fmi2ValueReference vr[], size_t nvr,
                                     const fmi2String value[])
{
    return (fmi2Status)mbs_fmu_set_string(F(c), vr, nvr, value);
}

/* The FMU has no integer or boolean variables: only empty lists are right. */
static fmi2Status no_variables(fmi2Component c, size_t nvr, const char *function)
{
    return nvr == 0 ? fmi2OK : (fmi2Status)mbs_fmu_unsupported(F(c), function);
}

MBS_FMU_API fmi2Status fmi2GetInteger(fmi2Component c, const fmi2ValueReference vr[], size_t nvr,
                                      fmi2Integer value[])
{
    (void)vr;
    (void)value;
    return no_variables(c, nvr, "fmi2GetInteger (the FMU has no integer variables)");
}

MBS_FMU_API fmi2Status fmi2SetInteger(fmi2Component c, const fmi2ValueReference vr[], size_t nvr,
                                      const fmi2Integer value[])
{
    (void)vr;
    (void)value;
    return no_variables(c, nvr, "fmi2SetInteger (the FMU has no integer variables)");
}

MBS_FMU_API fmi2Status fmi2GetBoolean(fmi2Component c, const fmi2ValueReference vr[], size_t nvr,
                                      fmi2Boolean value[])
{
    (void)vr;
    (void)value;
    return no_variables(c, nvr, "fmi2GetBoolean (the FMU has no boolean variables)");
}

MBS_FMU_API fmi2Status fmi2SetBoolean(fmi2Component c, const fmi2ValueReference vr[], size_t nvr,
                                      const fmi2Boolean value[])
{
    (void)vr;
    (void)value;
    return no_variables(c, nvr, "fmi2SetBoolean (the FMU has no boolean variables)");
}

/* ---- FMU state and derivatives: not supported (canGetAndSetFMUstate,
 * canSerializeFMUstate, providesDirectionalDerivative and
 * maxOutputDerivativeOrder say so) ---- */

MBS_FMU_API fmi2Status fmi2GetFMUstate(fmi2Component c, fmi2FMUstate *FMUstate)
{
    (void)FMUstate;
    return (fmi2Status)mbs_fmu_unsupported(F(c), "fmi2GetFMUstate");
}

MBS_FMU_API fmi2Status fmi2SetFMUstate(fmi2Component c, fmi2FMUstate FMUstate)
{
    (void)FMUstate;
    return (fmi2Status)mbs_fmu_unsupported(F(c), "fmi2SetFMUstate");
}

MBS_FMU_API fmi2Status fmi2FreeFMUstate(fmi2Component c, fmi2FMUstate *FMUstate)
{
    (void)FMUstate;
    return (fmi2Status)mbs_fmu_unsupported(F(c), "fmi2FreeFMUstate");
}

MBS_FMU_API fmi2Status fmi2SerializedFMUstateSize(fmi2Component c, fmi2FMUstate FMUstate, size_t *size)
{
    (void)FMUstate;
    (void)size;
    return (fmi2Status)mbs_fmu_unsupported(F(c), "fmi2SerializedFMUstateSize");
}

MBS_FMU_API fmi2Status fmi2SerializeFMUstate(fmi2Component c, fmi2FMUstate FMUstate, fmi2Byte serializedState[],
                                             size_t size)
{
    (void)FMUstate;
    (void)serializedState;
    (void)size;
    return (fmi2Status)mbs_fmu_unsupported(F(c), "fmi2SerializeFMUstate");
}

MBS_FMU_API fmi2Status fmi2DeSerializeFMUstate(fmi2Component c, const fmi2Byte serializedState[], size_t size,
                                               fmi2FMUstate *FMUstate)
{
    (void)serializedState;
    (void)size;
    (void)FMUstate;
    return (fmi2Status)mbs_fmu_unsupported(F(c), "fmi2DeSerializeFMUstate");
}

MBS_FMU_API fmi2Status fmi2GetDirectionalDerivative(fmi2Component c, const fmi2ValueReference vUnknown_ref[],
                                                    size_t nUnknown, const fmi2ValueReference vKnown_ref[],
                                                    size_t nKnown, const fmi2Real dvKnown[], fmi2Real dvUnknown[])
{
    (void)vUnknown_ref;
    (void)nUnknown;
    (void)vKnown_ref;
    (void)nKnown;
    (void)dvKnown;
    (void)dvUnknown;
    return (fmi2Status)mbs_fmu_unsupported(F(c), "fmi2GetDirectionalDerivative");
}

MBS_FMU_API fmi2Status fmi2SetRealInputDerivatives(fmi2Component c, const fmi2ValueReference vr[], size_t nvr,
                                                   const fmi2Integer order[], const fmi2Real value[])
{
    (void)vr;
    (void)nvr;
    (void)order;
    (void)value;
    return (fmi2Status)mbs_fmu_unsupported(F(c), "fmi2SetRealInputDerivatives (inputs are held over a step)");
}

MBS_FMU_API fmi2Status fmi2GetRealOutputDerivatives(fmi2Component c, const fmi2ValueReference vr[], size_t nvr,
                                                    const fmi2Integer order[], fmi2Real value[])
{
    (void)vr;
    (void)nvr;
    (void)order;
    (void)value;
    return (fmi2Status)mbs_fmu_unsupported(F(c), "fmi2GetRealOutputDerivatives");
}

/* ---- stepping ---- */

MBS_FMU_API fmi2Status fmi2DoStep(fmi2Component c, fmi2Real currentCommunicationPoint,
                                  fmi2Real communicationStepSize, fmi2Boolean noSetFMUStatePriorToCurrentPoint)
{
    (void)noSetFMUStatePriorToCurrentPoint;
    int ended = 0;
    mbs_fmu_status st = mbs_fmu_do_step(F(c), currentCommunicationPoint, communicationStepSize, &ended);
    /* a Sensor_Event ended the run inside the step: fmi2Discard, and
     * fmi2Terminated says why (FMI 2.0, 4.2.3) */
    return st == MBS_FMU_OK && ended ? fmi2Discard : (fmi2Status)st;
}

MBS_FMU_API fmi2Status fmi2CancelStep(fmi2Component c)
{
    return (fmi2Status)mbs_fmu_unsupported(F(c), "fmi2CancelStep (steps are not asynchronous)");
}

MBS_FMU_API fmi2Status fmi2GetStatus(fmi2Component c, const fmi2StatusKind s, fmi2Status *value)
{
    (void)s;
    (void)value;
    return (fmi2Status)mbs_fmu_unsupported(F(c), "fmi2GetStatus (steps are not asynchronous)");
}

MBS_FMU_API fmi2Status fmi2GetRealStatus(fmi2Component c, const fmi2StatusKind s, fmi2Real *value)
{
    if (s != fmi2LastSuccessfulTime)
        return (fmi2Status)mbs_fmu_unsupported(F(c), "fmi2GetRealStatus of another kind than fmi2LastSuccessfulTime");
    *value = mbs_fmu_time(F(c));
    return fmi2OK;
}

MBS_FMU_API fmi2Status fmi2GetIntegerStatus(fmi2Component c, const fmi2StatusKind s, fmi2Integer *value)
{
    (void)s;
    (void)value;
    return (fmi2Status)mbs_fmu_unsupported(F(c), "fmi2GetIntegerStatus");
}

MBS_FMU_API fmi2Status fmi2GetBooleanStatus(fmi2Component c, const fmi2StatusKind s, fmi2Boolean *value)
{
    if (s != fmi2Terminated)
        return (fmi2Status)mbs_fmu_unsupported(F(c), "fmi2GetBooleanStatus of another kind than fmi2Terminated");
    *value = mbs_fmu_ended(F(c)) ? fmi2True : fmi2False;
    return fmi2OK;
}

MBS_FMU_API fmi2Status fmi2GetStringStatus(fmi2Component c, const fmi2StatusKind s, fmi2String *value)
{
    (void)s;
    (void)value;
    return (fmi2Status)mbs_fmu_unsupported(F(c), "fmi2GetStringStatus");
}
