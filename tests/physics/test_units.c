/* Units (Param_Unit): tests/physics/models/units_mm.xml is units_si.xml in
 * newton, gram, millimetre, second. Same physics: angles and forces equal,
 * lengths, velocities and energies 1000 times the SI values, and the
 * columns say so. */
#include "../support/harness.h"
#include "../support/run_model.h"

#include <math.h>
#include <string.h>

typedef struct column {
    const char *sensor;
    double factor; /* mm model value / SI value */
    const char *unit;
} column;

static const column COLUMNS[] = {
    {"angle", 1, "rad"},         {"position", 1000, "mm"},     {"velocity", 1000, "mm/s"},
    {"pivot_force", 1, "N"},     {"spring_force", 1, "N"},     {"spring_length", 1000, "mm"},
    {"energy", 1000, "N*mm"},    {"dissipated", 1000, "N*mm"},
};

static const mbs_sensor *find(const test_results *r, const char *name)
{
    for (int i = 0; i < r->model->n_sensors; i++)
        if (strcmp(r->model->sensors[i].name, name) == 0)
            return &r->model->sensors[i];
    return NULL;
}

TEST(millimetre_gram_model_is_its_si_twin)
{
    test_results si, mm;
    CHECK(test_run_model("tests/physics/models/units_si.xml", NULL, NULL, &si) == 0);
    CHECK(test_run_model("tests/physics/models/units_mm.xml", NULL, NULL, &mm) == 0);
    CHECK_MSG(si.status == MBS_OK, "run failed: %s", si.run.message);
    CHECK_MSG(mm.status == MBS_OK, "run failed: %s", mm.run.message);
    CHECK(si.n_rows == 101 && mm.n_rows == 101);
    if (si.n_rows != mm.n_rows)
        return;
    for (size_t c = 0; c < sizeof COLUMNS / sizeof COLUMNS[0]; c++) {
        const mbs_sensor *s = find(&mm, COLUMNS[c].sensor);
        CHECK(s != NULL);
        if (!s)
            continue;
        char unit[32];
        mbs_units_format(&mm.model->units, s->dims[0], (int)(s->angle_cols & 1u), unit, sizeof unit);
        CHECK_MSG(strcmp(unit, COLUMNS[c].unit) == 0, "%s: unit %s, expected %s", COLUMNS[c].sensor, unit,
                  COLUMNS[c].unit);
        double worst = 0, scale = 0;
        for (int k = 0; k < s->ncols; k++)
            for (int i = 0; i < si.n_rows; i++) {
                double a = test_value(&si, COLUMNS[c].sensor, k, i) * COLUMNS[c].factor;
                worst = fmax(worst, fabs(test_value(&mm, COLUMNS[c].sensor, k, i) - a));
                scale = fmax(scale, fabs(a));
            }
        CHECK(scale > 0);
        CHECK_MSG(worst <= 1e-7 * scale, "%s: mm model differs from the SI twin by %.3g of %.3g", COLUMNS[c].sensor,
                  worst, scale);
    }
    /* the motion is not trivial: the rod swings, the spring works */
    CHECK(fabs(test_value(&si, "angle", 0, 50)) > 0.01);
    test_results_free(&si);
    test_results_free(&mm);
}

TEST_SUITE(units, T(millimetre_gram_model_is_its_si_twin));
