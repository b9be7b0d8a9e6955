#include "run_model.h"
#include "../../src/core/strutil.h"
#include "../../src/model/compile.h"
#include "../../src/solver/analysis/sense.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

static int keep_row(void *ctx, double t, const double *values)
{
    test_results *r = ctx;
    double ts = mbs_units_to_si(&r->model->units, DIM_TIME);
    double *nt = realloc(r->t, (size_t)(r->n_rows + 1) * sizeof *nt);
    if (!nt)
        return -1;
    r->t = nt;
    double *nv = realloc(r->values, (size_t)(r->n_rows + 1) * (size_t)(r->width ? r->width : 1) * sizeof *nv);
    if (!nv)
        return -1;
    r->values = nv;
    double *np = realloc(r->poses, (size_t)(r->n_rows + 1) * (size_t)(r->pose_width ? r->pose_width : 1) * sizeof *np);
    if (!np)
        return -1;
    r->poses = np;
    r->t[r->n_rows] = t / ts;
    memcpy(r->values + (size_t)r->n_rows * r->width, values, (size_t)r->width * sizeof *values);
    memcpy(r->poses + (size_t)r->n_rows * r->pose_width, values + r->width, (size_t)r->pose_width * sizeof *values);
    r->n_rows++;
    return 0;
}

static int keep_event(void *ctx, double t, const char *element, const char *kind)
{
    test_results *r = ctx;
    test_event *e = realloc(r->events, (size_t)(r->n_events + 1) * sizeof *e);
    if (!e)
        return -1;
    r->events = e;
    e[r->n_events].t = t / mbs_units_to_si(&r->model->units, DIM_TIME);
    snprintf(e[r->n_events].element, sizeof e->element, "%s", element);
    snprintf(e[r->n_events].kind, sizeof e->kind, "%s", kind);
    r->n_events++;
    return 0;
}

static int keep_linear(void *ctx, int k, const mbs_linear_result *lin)
{
    test_results *r = ctx;
    mbs_linear_result *grown = realloc(r->linear, (size_t)(r->n_linear + 1) * sizeof *grown);
    if (!grown || k != r->n_linear)
        return -1;
    r->linear = grown;
    r->n_linear++;
    return mbs_linear_result_copy(&r->linear[k], lin);
}

static int make_overrides(const char *const *sets, mbs_override **out)
{
    int n = 0;
    while (sets && sets[n])
        n++;
    *out = calloc((size_t)n + 1, sizeof **out);
    for (int i = 0; i < n; i++) {
        const char *eq = strchr(sets[i], '=');
        (*out)[i].name = mbs_strndup(sets[i], (size_t)(eq - sets[i]));
        (*out)[i].value = mbs_strdup(eq + 1);
    }
    return n;
}

static void free_overrides(mbs_override *o, int n)
{
    for (int i = 0; i < n; i++) {
        free((char *)o[i].name);
        free((char *)o[i].value);
    }
    free(o);
}

mbs_status test_load_model(const char *path, const char *const *sets, mbs_model **out, char *first_error,
                           size_t size)
{
    mbs_override *ov;
    int n = make_overrides(sets, &ov);
    mbs_diags d;
    mbs_diags_init(&d);
    mbs_spec spec;
    *out = NULL;
    mbs_status st = mbs_read_model(path, ov, n, &d, &spec);
    if (st == MBS_OK)
        st = mbs_compile(&spec, &d, out);
    mbs_spec_free(&spec);
    if (first_error && size) {
        first_error[0] = '\0';
        for (int i = 0; i < d.count; i++)
            if (d.items[i].severity == MBS_SEV_ERROR) {
                char *line = mbs_diag_format(&d.items[i]);
                snprintf(first_error, size, "%s", line ? line : "");
                free(line);
                break;
            }
    }
    mbs_diags_free(&d);
    free_overrides(ov, n);
    return st;
}

void test_in_joint_coordinates(mbs_model *m)
{
    m->settings.formulation = MBS_FORM_JOINT;
}

void test_in_absolute_coordinates(mbs_model *m)
{
    m->settings.formulation = MBS_FORM_ABSOLUTE;
}

int test_run_model(const char *path, const char *const *sets, void (*adjust)(mbs_model *m), test_results *r)
{
    memset(r, 0, sizeof *r);
    if (test_load_model(path, sets, &r->model, r->errors, sizeof r->errors) != MBS_OK)
        return -1;
    if (adjust)
        adjust(r->model);
    /* make physics runs the suite in each formulation (issue 10), where
     * the test has not chosen one */
    const char *form = r->model->settings.formulation == MBS_FORM_AUTO ? getenv("MBSIM_TEST_FORMULATION") : NULL;
    if (form && strcmp(form, "joint") == 0)
        r->model->settings.formulation = MBS_FORM_JOINT;
    else if (form && strcmp(form, "absolute") == 0)
        r->model->settings.formulation = MBS_FORM_ABSOLUTE;
    r->width = mbs_sensor_width(r->model);
    r->pose_width = mbs_row_width(r->model) - r->width;
    mbs_sink sink = {r, keep_row, keep_event, NULL, NULL, keep_linear};
    mbs_diags d;
    mbs_diags_init(&d);
    r->status = mbs_simulate(r->model, &sink, NULL, &d, &r->run);
    size_t len = 0;
    r->diags = calloc(1, 1);
    for (int i = 0; r->diags && i < d.count; i++) {
        char *line = mbs_diag_format(&d.items[i]);
        char *grown = line ? realloc(r->diags, len + strlen(line) + 2) : NULL;
        if (grown) {
            r->diags = grown;
            len += (size_t)sprintf(r->diags + len, "%s\n", line);
        }
        free(line);
    }
    mbs_diags_free(&d);
    return 0;
}

void test_results_free(test_results *r)
{
    mbs_model_free(r->model);
    free(r->t);
    free(r->values);
    free(r->poses);
    free(r->events);
    free(r->diags);
    for (int i = 0; i < r->n_linear; i++)
        mbs_linear_result_free(&r->linear[i]);
    free(r->linear);
    memset(r, 0, sizeof *r);
}

int test_sensor_offset(const test_results *r, const char *sensor)
{
    int offset = 0;
    if (!r->model)
        return -1;
    for (int i = 0; i < r->model->n_sensors; i++) {
        if (strcmp(r->model->sensors[i].name, sensor) == 0)
            return offset;
        offset += r->model->sensors[i].ncols;
    }
    return -1;
}

double test_value(const test_results *r, const char *sensor, int col, int row)
{
    int off = test_sensor_offset(r, sensor);
    if (off < 0 || row < 0 || row >= r->n_rows)
        return NAN;
    return r->values[(size_t)row * r->width + off + col];
}
