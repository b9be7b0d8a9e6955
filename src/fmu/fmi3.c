/* The FMI 3.0 co-simulation functions of the FMU binary (FMI 3.0 standard,
 * sections 2.2 and 4), each a translation onto the instance (instance.h).
 * The FMU has Float64 variables and one String parameter; what it does not
 * do (event mode, FMU state, derivatives, clocks, configuration mode, other
 * variable types) returns fmi3Error with a logged message, and the
 * capability flags of the description (src/fmi/description.c) say so. */
#include "fmi3_api.h"
#include "instance.h"

#include <stdlib.h>

/* What fmi3Instance points to: the instance and the importer's logger. */
typedef struct fmi3_instance {
    mbs_fmu *f;
    fmi3LogMessageCallback logger;
    fmi3InstanceEnvironment env;
} fmi3_instance;

#define F(c) (((fmi3_instance *)(c))->f)

static void log_fmi3(void *host, const char *instance, mbs_fmu_status status, const char *category,
                     const char *message)
{
    (void)instance;
    fmi3_instance *in = host;
    if (in->logger)
        in->logger(in->env, (fmi3Status)status, category, message);
}

static fmi3Status unsupported(fmi3Instance instance, const char *function)
{
    return (fmi3Status)mbs_fmu_unsupported(F(instance), function);
}

/* Scalars only: one value a reference. */
static fmi3Status scalars(fmi3Instance instance, size_t nValueReferences, size_t nValues)
{
    if (nValues == nValueReferences)
        return fmi3OK;
    return unsupported(instance, "a number of values other than the number of value references (no arrays)");
}

MBS_FMU_API const char *fmi3GetVersion(void)
{
    return "3.0";
}

MBS_FMU_API fmi3Status fmi3SetDebugLogging(fmi3Instance instance, fmi3Boolean loggingOn, size_t nCategories,
                               const fmi3String categories[])
{
    (void)nCategories;
    (void)categories;
    mbs_fmu_set_logging(F(instance), loggingOn);
    return fmi3OK;
}

MBS_FMU_API fmi3Instance fmi3InstantiateModelExchange(fmi3String instanceName, fmi3String instantiationToken,
                                          fmi3String resourcePath, fmi3Boolean visible, fmi3Boolean loggingOn,
                                          fmi3InstanceEnvironment instanceEnvironment,
                                          fmi3LogMessageCallback logMessage)
{
    (void)instanceName;
    (void)instantiationToken;
    (void)resourcePath;
    (void)visible;
    (void)loggingOn;
    if (logMessage)
        logMessage(instanceEnvironment, fmi3Error, "logStatusError",
                   "mbsim's FMU is for co-simulation only (no model exchange)");
    return NULL;
}

MBS_FMU_API fmi3Instance fmi3InstantiateCoSimulation(fmi3String instanceName, fmi3String instantiationToken,
                                         fmi3String resourcePath, fmi3Boolean visible, fmi3Boolean loggingOn,
                                         fmi3Boolean eventModeUsed, fmi3Boolean earlyReturnAllowed,
                                         const fmi3ValueReference requiredIntermediateVariables[],
                                         size_t nRequiredIntermediateVariables,
                                         fmi3InstanceEnvironment instanceEnvironment,
                                         fmi3LogMessageCallback logMessage,
                                         fmi3IntermediateUpdateCallback intermediateUpdate)
{
    (void)visible;
    (void)earlyReturnAllowed; /* it never returns early: allowed or not, the same */
    (void)requiredIntermediateVariables;
    (void)intermediateUpdate;
    fmi3_instance *in = calloc(1, sizeof *in);
    if (!in)
        return NULL;
    in->logger = logMessage;
    in->env = instanceEnvironment;
    const char *name = instanceName ? instanceName : "mbsim";
    if (eventModeUsed || nRequiredIntermediateVariables > 0) {
        log_fmi3(in, name, MBS_FMU_ERROR, "logStatusError",
                 eventModeUsed ? "mbsim's FMU has no event mode (hasEventMode=\"false\")"
                               : "mbsim's FMU provides no intermediate updates");
        free(in);
        return NULL;
    }
    in->f = mbs_fmu_instantiate(3, name, instantiationToken, resourcePath, log_fmi3, in, loggingOn);
    if (!in->f) {
        free(in);
        return NULL;
    }
    return in;
}

MBS_FMU_API fmi3Instance fmi3InstantiateScheduledExecution(fmi3String instanceName, fmi3String instantiationToken,
                                               fmi3String resourcePath, fmi3Boolean visible,
                                               fmi3Boolean loggingOn, fmi3InstanceEnvironment instanceEnvironment,
                                               fmi3LogMessageCallback logMessage,
                                               fmi3ClockUpdateCallback clockUpdate,
                                               fmi3LockPreemptionCallback lockPreemption,
                                               fmi3UnlockPreemptionCallback unlockPreemption)
{
    (void)instanceName;
    (void)instantiationToken;
    (void)resourcePath;
    (void)visible;
    (void)loggingOn;
    (void)clockUpdate;
    (void)lockPreemption;
    (void)unlockPreemption;
    if (logMessage)
        logMessage(instanceEnvironment, fmi3Error, "logStatusError",
                   "mbsim's FMU is for co-simulation only (no scheduled execution)");
    return NULL;
}

MBS_FMU_API void fmi3FreeInstance(fmi3Instance instance)
{
    if (!instance)
        return;
    mbs_fmu_free(F(instance));
    free(instance);
}

MBS_FMU_API fmi3Status fmi3EnterInitializationMode(fmi3Instance instance, fmi3Boolean toleranceDefined, fmi3Float64 tolerance,
                                       fmi3Float64 startTime, fmi3Boolean stopTimeDefined, fmi3Float64 stopTime)
{
    (void)toleranceDefined; /* the model's tolerances are the run's (docs/fmi.md) */
    (void)tolerance;
    fmi3Status st = (fmi3Status)mbs_fmu_setup(F(instance), startTime, stopTimeDefined, stopTime);
    return st == fmi3OK ? (fmi3Status)mbs_fmu_enter_init(F(instance)) : st;
}

MBS_FMU_API fmi3Status fmi3ExitInitializationMode(fmi3Instance instance)
{
    return (fmi3Status)mbs_fmu_exit_init(F(instance));
}

MBS_FMU_API fmi3Status fmi3EnterEventMode(fmi3Instance instance)
{
    return unsupported(instance, "fmi3EnterEventMode (hasEventMode=\"false\")");
}

MBS_FMU_API fmi3Status fmi3Terminate(fmi3Instance instance)
{
    return (fmi3Status)mbs_fmu_terminate(F(instance));
}

MBS_FMU_API fmi3Status fmi3Reset(fmi3Instance instance)
{
    return (fmi3Status)mbs_fmu_reset(F(instance));
}

MBS_FMU_API fmi3Status fmi3GetFloat64(fmi3Instance instance, const fmi3ValueReference valueReferences[],
                          size_t nValueReferences, fmi3Float64 values[], size_t nValues)
{
    fmi3Status st = scalars(instance, nValueReferences, nValues);
    return st == fmi3OK ? (fmi3Status)mbs_fmu_get_real(F(instance), valueReferences, nValueReferences, values) : st;
}

MBS_FMU_API fmi3Status fmi3SetFloat64(fmi3Instance instance, const fmi3ValueReference valueReferences[],
                          size_t nValueReferences, const fmi3Float64 values[], size_t nValues)
{
    fmi3Status st = scalars(instance, nValueReferences, nValues);
    return st == fmi3OK ? (fmi3Status)mbs_fmu_set_real(F(instance), valueReferences, nValueReferences, values) : st;
}

MBS_FMU_API fmi3Status fmi3GetString(fmi3Instance instance, const fmi3ValueReference valueReferences[],
                         size_t nValueReferences, fmi3String values[], size_t nValues)
{
    fmi3Status st = scalars(instance, nValueReferences, nValues);
    return st == fmi3OK ? (fmi3Status)mbs_fmu_get_string(F(instance), valueReferences, nValueReferences, values)
                        : st;
}

MBS_FMU_API fmi3Status fmi3SetString(fmi3Instance instance, const fmi3ValueReference valueReferences[],
                         size_t nValueReferences, const fmi3String values[], size_t nValues)
{
    fmi3Status st = scalars(instance, nValueReferences, nValues);
    return st == fmi3OK ? (fmi3Status)mbs_fmu_set_string(F(instance), valueReferences, nValueReferences, values)
                        : st;
}

/* The variable types the FMU has none of: only empty lists are right. */
#define NO_VARIABLES(Name, Values)                                                                              \
    MBS_FMU_API fmi3Status Name(fmi3Instance instance, const fmi3ValueReference valueReferences[], size_t nValueReferences, \
                    Values, size_t nValues)                                                                     \
    {                                                                                                           \
        (void)valueReferences;                                                                                  \
        (void)values;                                                                                           \
        (void)nValues;                                                                                          \
        return nValueReferences == 0 ? fmi3OK : unsupported(instance, #Name " (no variables of this type)");   \
    }
NO_VARIABLES(fmi3GetFloat32, fmi3Float32 values[])
NO_VARIABLES(fmi3GetInt8, fmi3Int8 values[])
NO_VARIABLES(fmi3GetUInt8, fmi3UInt8 values[])
NO_VARIABLES(fmi3GetInt16, fmi3Int16 values[])
NO_VARIABLES(fmi3GetUInt16, fmi3UInt16 values[])
NO_VARIABLES(fmi3GetInt32, fmi3Int32 values[])
NO_VARIABLES(fmi3GetUInt32, fmi3UInt32 values[])
NO_VARIABLES(fmi3GetInt64, fmi3Int64 values[])
NO_VARIABLES(fmi3GetUInt64, fmi3UInt64 values[])
NO_VARIABLES(fmi3GetBoolean, fmi3Boolean values[])
NO_VARIABLES(fmi3SetFloat32, const fmi3Float32 values[])
NO_VARIABLES(fmi3SetInt8, const fmi3Int8 values[])
NO_VARIABLES(fmi3SetUInt8, const fmi3UInt8 values[])
NO_VARIABLES(fmi3SetInt16, const fmi3Int16 values[])
NO_VARIABLES(fmi3SetUInt16, const fmi3UInt16 values[])
NO_VARIABLES(fmi3SetInt32, const fmi3Int32 values[])
NO_VARIABLES(fmi3SetUInt32, const fmi3UInt32 values[])
NO_VARIABLES(fmi3SetInt64, const fmi3Int64 values[])
NO_VARIABLES(fmi3SetUInt64, const fmi3UInt64 values[])
NO_VARIABLES(fmi3SetBoolean, const fmi3Boolean values[])

MBS_FMU_API fmi3Status fmi3GetBinary(fmi3Instance instance, const fmi3ValueReference valueReferences[],
                         size_t nValueReferences, size_t valueSizes[], fmi3Binary values[], size_t nValues)
{
    (void)valueReferences;
    (void)valueSizes;
    (void)values;
    (void)nValues;
    return nValueReferences == 0 ? fmi3OK : unsupported(instance, "fmi3GetBinary (no binary variables)");
}

MBS_FMU_API fmi3Status fmi3SetBinary(fmi3Instance instance, const fmi3ValueReference valueReferences[],
                         size_t nValueReferences, const size_t valueSizes[], const fmi3Binary values[],
                         size_t nValues)
{
    (void)valueReferences;
    (void)valueSizes;
    (void)values;
    (void)nValues;
    return nValueReferences == 0 ? fmi3OK : unsupported(instance, "fmi3SetBinary (no binary variables)");
}

MBS_FMU_API fmi3Status fmi3GetClock(fmi3Instance instance, const fmi3ValueReference valueReferences[],
                        size_t nValueReferences, fmi3Clock values[])
{
    (void)valueReferences;
    (void)values;
    return nValueReferences == 0 ? fmi3OK : unsupported(instance, "fmi3GetClock (no clocks)");
}

MBS_FMU_API fmi3Status fmi3SetClock(fmi3Instance instance, const fmi3ValueReference valueReferences[],
                        size_t nValueReferences, const fmi3Clock values[])
{
    (void)valueReferences;
    (void)values;
    return nValueReferences == 0 ? fmi3OK : unsupported(instance, "fmi3SetClock (no clocks)");
}

MBS_FMU_API fmi3Status fmi3GetNumberOfVariableDependencies(fmi3Instance instance, fmi3ValueReference valueReference,
                                               size_t *nDependencies)
{
    (void)valueReference;
    (void)nDependencies;
    return unsupported(instance, "fmi3GetNumberOfVariableDependencies");
}

MBS_FMU_API fmi3Status fmi3GetVariableDependencies(fmi3Instance instance, fmi3ValueReference dependent,
                                       size_t elementIndicesOfDependent[], fmi3ValueReference independents[],
                                       size_t elementIndicesOfIndependents[], fmi3DependencyKind dependencyKinds[],
                                       size_t nDependencies)
{
    (void)dependent;
    (void)elementIndicesOfDependent;
    (void)independents;
    (void)elementIndicesOfIndependents;
    (void)dependencyKinds;
    (void)nDependencies;
    return unsupported(instance, "fmi3GetVariableDependencies");
}

/* ---- FMU state: not supported (canGetAndSetFMUState="false") ---- */

MBS_FMU_API fmi3Status fmi3GetFMUState(fmi3Instance instance, fmi3FMUState *FMUState)
{
    (void)FMUState;
    return unsupported(instance, "fmi3GetFMUState");
}

MBS_FMU_API fmi3Status fmi3SetFMUState(fmi3Instance instance, fmi3FMUState FMUState)
{
    (void)FMUState;
    return unsupported(instance, "fmi3SetFMUState");
}

MBS_FMU_API fmi3Status fmi3FreeFMUState(fmi3Instance instance, fmi3FMUState *FMUState)
{
    (void)FMUState;
    return unsupported(instance, "fmi3FreeFMUState");
}

MBS_FMU_API fmi3Status fmi3SerializedFMUStateSize(fmi3Instance instance, fmi3FMUState FMUState, size_t *size)
{
    (void)FMUState;
    (void)size;
    return unsupported(instance, "fmi3SerializedFMUStateSize");
}

MBS_FMU_API fmi3Status fmi3SerializeFMUState(fmi3Instance instance, fmi3FMUState FMUState, fmi3Byte serializedState[],
                                 size_t size)
{
    (void)FMUState;
    (void)serializedState;
    (void)size;
    return unsupported(instance, "fmi3SerializeFMUState");
}

MBS_FMU_API fmi3Status fmi3DeserializeFMUState(fmi3Instance instance, const fmi3Byte serializedState[], size_t size,
                                   fmi3FMUState *FMUState)
{
    (void)serializedState;
    (void)size;
    (void)FMUState;
    return unsupported(instance, "fmi3DeserializeFMUState");
}

/* ---- derivatives: not provided ---- */

MBS_FMU_API fmi3Status fmi3GetDirectionalDerivative(fmi3Instance instance, const fmi3ValueReference unknowns[],
                                        size_t nUnknowns, const fmi3ValueReference knowns[], size_t nKnowns,
                                        const fmi3Float64 seed[], size_t nSeed, fmi3Float64 sensitivity[],
                                        size_t nSensitivity)
{
    (void)unknowns;
    (void)nUnknowns;
    (void)knowns;
    (void)nKnowns;
    (void)seed;
    (void)nSeed;
    (void)sensitivity;
    (void)nSensitivity;
    return unsupported(instance, "fmi3GetDirectionalDerivative");
}

MBS_FMU_API fmi3Status fmi3GetAdjointDerivative(fmi3Instance instance, const fmi3ValueReference unknowns[], size_t nUnknowns,
                                    const fmi3ValueReference knowns[], size_t nKnowns, const fmi3Float64 seed[],
                                    size_t nSeed, fmi3Float64 sensitivity[], size_t nSensitivity)
{
    (void)unknowns;
    (void)nUnknowns;
    (void)knowns;
    (void)nKnowns;
    (void)seed;
    (void)nSeed;
    (void)sensitivity;
    (void)nSensitivity;
    return unsupported(instance, "fmi3GetAdjointDerivative");
}

MBS_FMU_API fmi3Status fmi3GetOutputDerivatives(fmi3Instance instance, const fmi3ValueReference valueReferences[],
                                    size_t nValueReferences, const fmi3Int32 orders[], fmi3Float64 values[],
                                    size_t nValues)
{
    (void)valueReferences;
    (void)nValueReferences;
    (void)orders;
    (void)values;
    (void)nValues;
    return unsupported(instance, "fmi3GetOutputDerivatives");
}

/* ---- configuration, clocks, discrete states: none ---- */

MBS_FMU_API fmi3Status fmi3EnterConfigurationMode(fmi3Instance instance)
{
    return unsupported(instance, "fmi3EnterConfigurationMode (no structural parameters)");
}

MBS_FMU_API fmi3Status fmi3ExitConfigurationMode(fmi3Instance instance)
{
    return unsupported(instance, "fmi3ExitConfigurationMode (no structural parameters)");
}

MBS_FMU_API fmi3Status fmi3GetIntervalDecimal(fmi3Instance instance, const fmi3ValueReference valueReferences[],
                                  size_t nValueReferences, fmi3Float64 intervals[],
                                  fmi3IntervalQualifier qualifiers[])
{
    (void)valueReferences;
    (void)nValueReferences;
    (void)intervals;
    (void)qualifiers;
    return unsupported(instance, "fmi3GetIntervalDecimal (no clocks)");
}

MBS_FMU_API fmi3Status fmi3GetIntervalFraction(fmi3Instance instance, const fmi3ValueReference valueReferences[],
                                   size_t nValueReferences, fmi3UInt64 counters[], fmi3UInt64 resolutions[],
                                   fmi3IntervalQualifier qualifiers[])
{
    (void)valueReferences;
    (void)nValueReferences;
    (void)counters;
    (void)resolutions;
    (void)qualifiers;
    return unsupported(instance, "fmi3GetIntervalFraction (no clocks)");
}

MBS_FMU_API fmi3Status fmi3GetShiftDecimal(fmi3Instance instance, const fmi3ValueReference valueReferences[],
                               size_t nValueReferences, fmi3Float64 shifts[])
{
    (void)valueReferences;
    (void)nValueReferences;
    (void)shifts;
    return unsupported(instance, "fmi3GetShiftDecimal (no clocks)");
}

MBS_FMU_API fmi3Status fmi3GetShiftFraction(fmi3Instance instance, const fmi3ValueReference valueReferences[],
                                size_t nValueReferences, fmi3UInt64 counters[], fmi3UInt64 resolutions[])
{
    (void)valueReferences;
    (void)nValueReferences;
    (void)counters;
    (void)resolutions;
    return unsupported(instance, "fmi3GetShiftFraction (no clocks)");
}

MBS_FMU_API fmi3Status fmi3SetIntervalDecimal(fmi3Instance instance, const fmi3ValueReference valueReferences[],
                                  size_t nValueReferences, const fmi3Float64 intervals[])
{
    (void)valueReferences;
    (void)nValueReferences;
    (void)intervals;
    return unsupported(instance, "fmi3SetIntervalDecimal (no clocks)");
}

MBS_FMU_API fmi3Status fmi3SetIntervalFraction(fmi3Instance instance, const fmi3ValueReference valueReferences[],
                                   size_t nValueReferences, const fmi3UInt64 counters[],
                                   const fmi3UInt64 resolutions[])
{
    (void)valueReferences;
    (void)nValueReferences;
    (void)counters;
    (void)resolutions;
    return unsupported(instance, "fmi3SetIntervalFraction (no clocks)");
}

MBS_FMU_API fmi3Status fmi3SetShiftDecimal(fmi3Instance instance, const fmi3ValueReference valueReferences[],
                               size_t nValueReferences, const fmi3Float64 shifts[])
{
    (void)valueReferences;
    (void)nValueReferences;
    (void)shifts;
    return unsupported(instance, "fmi3SetShiftDecimal (no clocks)");
}

MBS_FMU_API fmi3Status fmi3SetShiftFraction(fmi3Instance instance, const fmi3ValueReference valueReferences[],
                                size_t nValueReferences, const fmi3UInt64 counters[],
                                const fmi3UInt64 resolutions[])
{
    (void)valueReferences;
    (void)nValueReferences;
    (void)counters;
    (void)resolutions;
    return unsupported(instance, "fmi3SetShiftFraction (no clocks)");
}

MBS_FMU_API fmi3Status fmi3EvaluateDiscreteStates(fmi3Instance instance)
{
    return unsupported(instance, "fmi3EvaluateDiscreteStates (providesEvaluateDiscreteStates=\"false\")");
}

MBS_FMU_API fmi3Status fmi3UpdateDiscreteStates(fmi3Instance instance, fmi3Boolean *discreteStatesNeedUpdate,
                                    fmi3Boolean *terminateSimulation,
                                    fmi3Boolean *nominalsOfContinuousStatesChanged,
                                    fmi3Boolean *valuesOfContinuousStatesChanged, fmi3Boolean *nextEventTimeDefined,
                                    fmi3Float64 *nextEventTime)
{
    (void)discreteStatesNeedUpdate;
    (void)terminateSimulation;
    (void)nominalsOfContinuousStatesChanged;
    (void)valuesOfContinuousStatesChanged;
    (void)nextEventTimeDefined;
    (void)nextEventTime;
    return unsupported(instance, "fmi3UpdateDiscreteStates (no event mode)");
}

/* ---- stepping ---- */

MBS_FMU_API fmi3Status fmi3EnterStepMode(fmi3Instance instance)
{
    return unsupported(instance, "fmi3EnterStepMode (no event mode: the FMU is in step mode after initialisation)");
}

MBS_FMU_API fmi3Status fmi3DoStep(fmi3Instance instance, fmi3Float64 currentCommunicationPoint,
                      fmi3Float64 communicationStepSize, fmi3Boolean noSetFMUStatePriorToCurrentPoint,
                      fmi3Boolean *eventHandlingNeeded, fmi3Boolean *terminateSimulation, fmi3Boolean *earlyReturn,
                      fmi3Float64 *lastSuccessfulTime)
{
    (void)noSetFMUStatePriorToCurrentPoint;
    int ended = 0;
    mbs_fmu_status st = mbs_fmu_do_step(F(instance), currentCommunicationPoint, communicationStepSize, &ended);
    /* a Sensor_Event that ends the run: the step returns there, and says so */
    if (eventHandlingNeeded)
        *eventHandlingNeeded = false;
    if (terminateSimulation)
        *terminateSimulation = ended != 0;
    if (earlyReturn)
        *earlyReturn = ended != 0 && st == MBS_FMU_OK;
    if (lastSuccessfulTime)
        *lastSuccessfulTime = mbs_fmu_time(F(instance));
    return (fmi3Status)st;
}
