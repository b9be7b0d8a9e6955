/* One FMU instance (instance.h): its life
 *   instantiated -> (setup, initialisation) -> stepping -> terminated
 * with reset going back to the first, and a failed step leaving it failed
 * (only terminate, reset and free then). */
#include "instance.h"
#include "../core/clock.h"
#include "../core/diag.h"
#include "../core/strutil.h"
#include "../fmi/description.h"
#include "../io/reader.h"
#include "../model/compile.h"
#include "../output/results_sink.h"
#include "../solver/analysis/cosim.h"
#include "usersub_scope.h"

#include <ctype.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef enum fmu_state { INSTANTIATED, INITIALISING, STEPPING, TERMINATED, FAILED } fmu_state;

struct mbs_fmu {
    int version;
    char *name;
    mbs_fmu_log_fn log;
    void *host;
    int logging_on;
    char *model_path;  /* resources/<the model file>: XML, or an Adams dataset */
    char *commands_path; /* resources/<its Adams command file>, or NULL */
    mbs_override *sets; /* the export's --set values */
    int n_sets;
    char **columns;     /* the sensor columns that are outputs (--output) */
    int n_columns;
    mbs_model *m;
    mbs_fmi_vars vars;
    double *params;     /* [n_params] the importer's values */
    int params_changed; /* the model is compiled again with them before the run */
    double *inputs;     /* [vars.n] the importer's input values (by variable) */
    char *results_path; /* "" : no results file */
    mbs_results_writer *writer;
    mbs_results_sink rs;
    mbs_sink sink;
    mbs_cosim *session;
    fmu_state state;
    double t_start, t_stop;
    double wall_start;
    int ended;
};

/* ---- logging ---- */

static void say(mbs_fmu *f, mbs_fmu_status st, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
static void say(mbs_fmu *f, mbs_fmu_status st, const char *fmt, ...)
{
    if (!f->log || (st < MBS_FMU_ERROR && !f->logging_on))
        return;
    char msg[2048];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    f->log(f->host, f->name, st, st >= MBS_FMU_ERROR ? "logStatusError" : "logStatusWarning", msg);
}

static mbs_fmu_status fail(mbs_fmu *f, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static mbs_fmu_status fail(mbs_fmu *f, const char *fmt, ...)
{
    char msg[2048];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    say(f, MBS_FMU_ERROR, "%s", msg);
    return MBS_FMU_ERROR;
}

static void say_diags(mbs_fmu *f, const mbs_diags *d)
{
    for (int i = 0; i < d->count; i++) {
        if (d->items[i].severity == MBS_SEV_NOTE)
            continue;
        char *line = mbs_diag_format(&d->items[i]);
        if (line)
            say(f, d->items[i].severity == MBS_SEV_ERROR ? MBS_FMU_ERROR : MBS_FMU_WARNING, "%s", line);
        free(line);
    }
}

void mbs_fmu_set_logging(mbs_fmu *f, int on)
{
    f->logging_on = on;
}

mbs_fmu_status mbs_fmu_unsupported(mbs_fmu *f, const char *function)
{
    return fail(f, "%s is not supported by mbsim's FMU (docs/fmi.md lists what is)", function);
}

/* ---- resources ---- */

char *mbs_fmu_uri_path(const char *uri)
{
    if (strncmp(uri, "file:", 5) != 0)
        return NULL;
    const char *p = uri + 5;
    if (strncmp(p, "///", 3) == 0)
        p += 2;
    else if (strncmp(p, "//localhost/", 12) == 0)
        p += 11;
    else if (strncmp(p, "//", 2) == 0)
        return NULL; /* another host */
    char *out = malloc(strlen(p) + 1), *o = out;
    if (!out)
        return NULL;
    for (; *p; p++) {
        if (*p == '%' && isxdigit((unsigned char)p[1]) && isxdigit((unsigned char)p[2])) {
            char hex[3] = {p[1], p[2], 0};
            *o++ = (char)strtol(hex, NULL, 16);
            p += 2;
        } else {
            *o++ = *p;
        }
    }
    *o = '\0';
    return out;
}

/* resources/mbsim-fmu.txt: "model FILE", "commands FILE" (an Adams dataset's
 * command file), "token TOKEN", "set NAME=VALUE",
 * "output SENSOR.COLUMN", "usersub FILE" (a user subroutine library packed
 * in the binary's usersub/ folder), "usersub-default FILE" (the one
 * MS_USERSUBDLL named) lines (written by mbsim fmu); the libraries are
 * made ready to open (usersub_scope.h). */
static int read_config(mbs_fmu *f, const char *dir, const char *token)
{
    char *path = mbs_sprintf_alloc("%s/%s", dir, MBS_FMI_CONFIG);
    FILE *in = path ? fopen(path, "r") : NULL;
    if (!in) {
        fail(f, "cannot read %s: the FMU's resources are not where the importer says (%s)", path ? path : "",
             dir);
        free(path);
        return -1;
    }
    free(path);
    char line[4096], *own_token = NULL, *default_library = NULL;
    int n_libraries = 0;
    while (fgets(line, sizeof line, in)) {
        line[strcspn(line, "\r\n")] = '\0';
        if (strncmp(line, "usersub ", 8) == 0) {
            n_libraries++;
        } else if (strncmp(line, "usersub-default ", 16) == 0) {
            free(default_library);
            default_library = mbs_strdup(line + 16);
        } else if (strncmp(line, "commands ", 9) == 0) {
            free(f->commands_path);
            f->commands_path = mbs_sprintf_alloc("%s/%s", dir, line + 9);
        } else if (strncmp(line, "model ", 6) == 0) {
            free(f->model_path);
            f->model_path = mbs_sprintf_alloc("%s/%s", dir, line + 6);
        } else if (strncmp(line, "token ", 6) == 0) {
            free(own_token);
            own_token = mbs_strdup(line + 6);
        } else if (strncmp(line, "output ", 7) == 0) {
            char **grown = realloc(f->columns, (size_t)(f->n_columns + 1) * sizeof *grown);
            if (!grown)
                break;
            f->columns = grown;
            f->columns[f->n_columns++] = mbs_strdup(line + 7);
        } else if (strncmp(line, "set ", 4) == 0 && strchr(line + 4, '=')) {
            mbs_override *grown = realloc(f->sets, (size_t)(f->n_sets + 1) * sizeof *grown);
            if (!grown)
                break;
            f->sets = grown;
            char *eq = strchr(line + 4, '=');
            *eq = '\0';
            f->sets[f->n_sets].name = mbs_strdup(line + 4);
            f->sets[f->n_sets].value = mbs_strdup(eq + 1);
            f->n_sets++;
        }
    }
    fclose(in);
    int rc = 0;
    if (!f->model_path || !own_token) {
        fail(f, "%s names no model or no token", MBS_FMI_CONFIG);
        rc = -1;
    } else if (token && strcmp(token, own_token) != 0) {
        fail(f, "the importer's token '%s' is not this FMU's '%s' (a description of another FMU?)", token,
             own_token);
        rc = -1;
    }
    char err[1024];
    if (rc == 0 && mbs_fmu_usersub_scope(n_libraries, default_library, err, sizeof err) != 0) {
        fail(f, "%s", err);
        rc = -1;
    }
    free(default_library);
    free(own_token);
    return rc;
}

/* ---- the model ---- */

static char *format_value(double v)
{
    return mbs_sprintf_alloc("%.17g", v);
}

/* Reads and compiles the model with the export's --set values, and the
 * importer's parameter values where it changed them (all of them once it
 * did: they are what it sees). */
static int load_model(mbs_fmu *f)
{
    int n = f->n_sets + (f->params_changed && f->m ? f->m->n_params : 0);
    mbs_override *o = calloc((size_t)n + 1, sizeof *o);
    char **owned = calloc((size_t)n + 1, sizeof *owned);
    int k = 0, rc = -1;
    if (!o || !owned) {
        free(o);
        free(owned);
        fail(f, "out of memory");
        return -1;
    }
    if (f->params_changed && f->m) {
        for (int i = 0; i < f->m->n_params; i++) {
            owned[k] = format_value(f->params[i]);
            o[k] = (mbs_override){f->m->params[i].name, owned[k]};
            k++;
        }
    } else {
        for (int i = 0; i < f->n_sets; i++)
            o[k++] = f->sets[i];
    }
    mbs_diags d;
    mbs_diags_init(&d);
    mbs_spec spec;
    mbs_model *m = NULL;
    /* as mbsim run reads it: by the file's kind, an Adams dataset with its command file */
    mbs_status st = f->commands_path ? mbs_read_adams(f->model_path, f->commands_path, o, k, &d, &spec)
                                     : mbs_read_model(f->model_path, o, k, &d, &spec);
    if (st == MBS_OK)
        mbs_compile(&spec, &d, &m);
    mbs_spec_free(&spec);
    say_diags(f, &d);
    mbs_diags_free(&d);
    if (m) {
        mbs_fmi_vars vars;
        char err[512];
        if (mbs_fmi_vars_make(m, (const char *const *)f->columns, f->n_columns, &vars, err, sizeof err) == 0) {
            mbs_fmi_vars_free(&f->vars);
            mbs_model_free(f->m);
            f->vars = vars;
            f->m = m;
            m = NULL;
            rc = 0;
        } else {
            fail(f, "%s: %s", f->model_path, err);
        }
    } else {
        fail(f, "%s: the model cannot be compiled (see the errors above)", f->model_path);
    }
    mbs_model_free(m);
    for (int i = 0; i < k; i++)
        free(owned[i]);
    free(owned);
    free(o);
    return rc;
}

/* The importer's values as the model gives them: parameters its values,
 * inputs 0. */
static int reset_values(mbs_fmu *f)
{
    free(f->params);
    free(f->inputs);
    f->params = calloc((size_t)f->m->n_params + 1, sizeof *f->params);
    f->inputs = calloc((size_t)f->vars.n + 1, sizeof *f->inputs);
    if (!f->params || !f->inputs)
        return -1;
    for (int i = 0; i < f->m->n_params; i++)
        f->params[i] = f->m->params[i].value;
    f->params_changed = 0;
    free(f->results_path);
    f->results_path = mbs_strdup("");
    return f->results_path ? 0 : -1;
}

mbs_fmu *mbs_fmu_instantiate(int fmi_version, const char *name, const char *token, const char *resources,
                             mbs_fmu_log_fn log, void *host, int logging_on)
{
    mbs_fmu *f = calloc(1, sizeof *f);
    if (!f)
        return NULL;
    f->version = fmi_version;
    f->name = mbs_strdup(name ? name : "mbsim");
    f->log = log;
    f->host = host;
    f->logging_on = logging_on;
    if (!resources || !resources[0]) {
        fail(f, "no resource location given: mbsim's FMU reads its model from its resources folder");
        mbs_fmu_free(f);
        return NULL;
    }
    char *dir = mbs_strdup(resources);
    size_t len = dir ? strlen(dir) : 0;
    while (len > 1 && dir[len - 1] == '/')
        dir[--len] = '\0';
    int ok = dir && read_config(f, dir, token) == 0 && load_model(f) == 0 && reset_values(f) == 0;
    free(dir);
    if (!ok) {
        mbs_fmu_free(f);
        return NULL;
    }
    f->state = INSTANTIATED;
    return f;
}

/* ---- the run ---- */

static void end_run(mbs_fmu *f)
{
    if (f->session) {
        const mbs_run_result *res = mbs_cosim_finish(f->session);
        if (f->writer) {
            char err[512];
            mbs_results_summary s = mbs_results_summary_of(f->m, res, res->status == MBS_OK ? "" : res->message,
                                                           mbs_wall_seconds() - f->wall_start);
            if (mbs_results_close(f->writer, &s, err, sizeof err) != 0)
                fail(f, "%s", err);
            f->writer = NULL;
        }
        mbs_cosim_free(f->session);
        f->session = NULL;
    }
    if (f->writer) {
        mbs_results_discard(f->writer);
        f->writer = NULL;
    }
}

void mbs_fmu_free(mbs_fmu *f)
{
    if (!f)
        return;
    end_run(f);
    mbs_fmi_vars_free(&f->vars);
    mbs_model_free(f->m);
    for (int i = 0; i < f->n_sets; i++) {
        free((char *)f->sets[i].name);
        free((char *)f->sets[i].value);
    }
    free(f->sets);
    for (int i = 0; i < f->n_columns; i++)
        free(f->columns[i]);
    free(f->columns);
    free(f->params);
    free(f->inputs);
    free(f->results_path);
    free(f->model_path);
    free(f->commands_path);
    free(f->name);
    free(f);
}

mbs_fmu_status mbs_fmu_setup(mbs_fmu *f, double t_start, int stop_defined, double t_stop)
{
    if (f->state != INSTANTIATED)
        return fail(f, "the experiment is set up once, before initialisation");
    if (!isfinite(t_start) || (stop_defined && !(t_stop >= t_start)))
        return fail(f, "the experiment's start time %g and stop time %g do not make an interval", t_start, t_stop);
    f->t_start = t_start;
    f->t_stop = stop_defined ? t_stop : INFINITY;
    return MBS_FMU_OK;
}

mbs_fmu_status mbs_fmu_enter_init(mbs_fmu *f)
{
    if (f->state != INSTANTIATED)
        return fail(f, "initialisation mode is entered once, after instantiation");
    f->state = INITIALISING;
    return MBS_FMU_OK;
}

/* The session: the model again if the importer changed a parameter, the
 * results file if it named one, the inputs, the leading analyses and the
 * consistent start. */
static mbs_fmu_status start(mbs_fmu *f)
{
    if (f->session)
        return MBS_FMU_OK;
    if (f->params_changed) {
        double *inputs = f->inputs;
        f->inputs = NULL;
        int rc = load_model(f);
        f->params_changed = 0;
        f->inputs = inputs; /* the variables are the same: the model's structure does not depend on values */
        if (rc != 0) {
            f->state = FAILED;
            return MBS_FMU_ERROR;
        }
    }
    char err[512];
    const mbs_sink *sink = NULL;
    if (f->results_path[0]) {
        f->writer = mbs_results_create(f->results_path, f->m, err, sizeof err);
        if (!f->writer) {
            f->state = FAILED;
            return fail(f, "%s", err);
        }
        f->sink = mbs_results_sink_make(&f->rs, f->writer);
        sink = &f->sink;
    }
    f->wall_start = mbs_wall_seconds();
    mbs_diags diag;
    mbs_diags_init(&diag);
    f->session = mbs_cosim_open(f->m, sink, &diag, err, sizeof err);
    if (!f->session) {
        mbs_diags_free(&diag);
        f->state = FAILED;
        return fail(f, "%s: %s", f->model_path, err);
    }
    for (int i = 0; i < f->vars.n; i++)
        if (f->vars.v[i].causality == MBS_FMI_INPUT)
            mbs_cosim_set_input(f->session, f->vars.v[i].comp, f->inputs[i]);
    int rc = mbs_cosim_initialise(f->session, f->t_start, f->t_stop);
    say_diags(f, &diag);
    mbs_diags_free(&diag);
    if (rc != 0) {
        f->state = FAILED;
        return fail(f, "%s: error: initialisation failed: %s", f->model_path, mbs_cosim_message(f->session));
    }
    return MBS_FMU_OK;
}

mbs_fmu_status mbs_fmu_exit_init(mbs_fmu *f)
{
    if (f->state != INITIALISING)
        return fail(f, "initialisation mode is exited once, after entering it");
    mbs_fmu_status st = start(f);
    if (st == MBS_FMU_OK)
        f->state = STEPPING;
    return st;
}

mbs_fmu_status mbs_fmu_do_step(mbs_fmu *f, double t, double h, int *ended)
{
    *ended = f->ended;
    if (f->state != STEPPING)
        return fail(f, "a step is taken after initialisation and before termination or a failure");
    if (f->ended)
        return fail(f, "the run has ended at t = %.17g s (a Sensor_Event of the model)", mbs_cosim_time(f->session));
    double now = mbs_cosim_time(f->session);
    if (!(h > 0) || !isfinite(t + h))
        return fail(f, "the communication step size %g is not a positive number", h);
    if (fabs(t - now) > 1e-9 * fmax(1.0, fabs(now)))
        return fail(f, "the step starts at t = %.17g s, but the FMU is at t = %.17g s", t, now);
    /* to the master's communication point, not the sum of its steps */
    switch (mbs_cosim_step(f->session, t + h)) {
    case MBS_COSIM_STEPPED: return MBS_FMU_OK;
    case MBS_COSIM_ENDED:
        f->ended = 1;
        *ended = 1;
        say(f, MBS_FMU_WARNING, "the run ended at t = %.17g s: %s", mbs_cosim_time(f->session),
            mbs_cosim_message(f->session));
        return MBS_FMU_OK;
    default: break;
    }
    f->state = FAILED;
    return fail(f, "%s: error: run failed at t = %.17g s: %s", f->model_path, mbs_cosim_time(f->session),
                mbs_cosim_message(f->session));
}

double mbs_fmu_time(const mbs_fmu *f)
{
    return f->session ? mbs_cosim_time(f->session) : f->t_start;
}

int mbs_fmu_ended(const mbs_fmu *f)
{
    return f->ended || f->state == TERMINATED;
}

mbs_fmu_status mbs_fmu_terminate(mbs_fmu *f)
{
    if (f->state == INSTANTIATED || f->state == TERMINATED)
        return fail(f, "terminate after initialisation, once");
    end_run(f);
    f->state = TERMINATED;
    return MBS_FMU_OK;
}

mbs_fmu_status mbs_fmu_reset(mbs_fmu *f)
{
    end_run(f);
    f->ended = 0;
    /* the model as exported: compiled again if the importer changed it */
    if (f->params_changed || f->state != INSTANTIATED) {
        f->params_changed = 0;
        if (load_model(f) != 0) {
            f->state = FAILED;
            return MBS_FMU_ERROR;
        }
    }
    if (reset_values(f) != 0)
        return fail(f, "out of memory");
    f->t_start = 0.0;
    f->t_stop = INFINITY;
    f->state = INSTANTIATED;
    return MBS_FMU_OK;
}

/* ---- values ---- */

static const mbs_fmi_var *variable(mbs_fmu *f, unsigned vr, int *index)
{
    const mbs_fmi_var *v = mbs_fmi_vars_find(&f->vars, vr);
    if (!v)
        fail(f, "no variable has value reference %u", vr);
    else
        *index = (int)(v - f->vars.v);
    return v;
}

mbs_fmu_status mbs_fmu_get_real(mbs_fmu *f, const unsigned *vr, size_t n, double *values)
{
    for (size_t k = 0; k < n; k++) {
        int i;
        const mbs_fmi_var *v = variable(f, vr[k], &i);
        if (!v)
            return MBS_FMU_ERROR;
        switch (v->causality) {
        case MBS_FMI_TIME: values[k] = mbs_fmu_time(f); break;
        case MBS_FMI_PARAMETER: values[k] = f->params[v->param]; break;
        case MBS_FMI_INPUT: values[k] = f->inputs[i]; break;
        case MBS_FMI_OUTPUT:
            if (f->state == INSTANTIATED)
                return fail(f, "output '%s' has a value from initialisation mode on", v->name);
            /* start may compile the model again (a parameter changed), which
             * replaces the variables: look this one up anew */
            if (f->state == INITIALISING && (start(f) != MBS_FMU_OK || !(v = variable(f, vr[k], &i))))
                return MBS_FMU_ERROR;
            if (!f->session)
                return fail(f, "output '%s' has no value after a failure or termination", v->name);
            values[k] = v->column >= 0 ? mbs_cosim_row(f->session)[v->column] : mbs_cosim_value(f->session, v->comp);
            break;
        }
    }
    return MBS_FMU_OK;
}

mbs_fmu_status mbs_fmu_set_real(mbs_fmu *f, const unsigned *vr, size_t n, const double *values)
{
    if (f->state == TERMINATED || f->state == FAILED)
        return fail(f, "values are set before termination and failures");
    for (size_t k = 0; k < n; k++) {
        int i;
        const mbs_fmi_var *v = variable(f, vr[k], &i);
        if (!v)
            return MBS_FMU_ERROR;
        if (!isfinite(values[k]))
            return fail(f, "%s '%s' (value reference %u): %g is not a finite number",
                        v->causality == MBS_FMI_INPUT ? "input" : "parameter", v->name, vr[k], values[k]);
        switch (v->causality) {
        case MBS_FMI_PARAMETER:
            if (f->session || f->state == STEPPING)
                return fail(f, "parameter '%s' is set before the outputs are read and before initialisation "
                               "ends (the model is compiled with it)",
                            v->name);
            f->params[v->param] = values[k];
            f->params_changed = 1;
            break;
        case MBS_FMI_INPUT:
            f->inputs[i] = values[k];
            if (f->session && mbs_cosim_set_input(f->session, v->comp, values[k]) != 0)
                return fail(f, "input '%s' cannot take %g", v->name, values[k]);
            break;
        default: return fail(f, "'%s' (value reference %u) is an %s: it cannot be set", v->name, vr[k],
                             v->causality == MBS_FMI_TIME ? "independent variable" : "output");
        }
    }
    return MBS_FMU_OK;
}

mbs_fmu_status mbs_fmu_get_string(mbs_fmu *f, const unsigned *vr, size_t n, const char **values)
{
    for (size_t k = 0; k < n; k++) {
        if (vr[k] != MBS_FMI_VR_RESULTS)
            return fail(f, "no string variable has value reference %u", vr[k]);
        values[k] = f->results_path;
    }
    return MBS_FMU_OK;
}

mbs_fmu_status mbs_fmu_set_string(mbs_fmu *f, const unsigned *vr, size_t n, const char *const *values)
{
    for (size_t k = 0; k < n; k++) {
        if (vr[k] != MBS_FMI_VR_RESULTS)
            return fail(f, "no string variable has value reference %u", vr[k]);
        if (f->state != INSTANTIATED && f->state != INITIALISING)
            return fail(f, "the results file is named before initialisation ends");
        if (f->session)
            return fail(f, "the results file is named before the outputs are read");
        char *copy = mbs_strdup(values[k] ? values[k] : "");
        if (!copy)
            return fail(f, "out of memory");
        free(f->results_path);
        f->results_path = copy;
    }
    return MBS_FMU_OK;
}
