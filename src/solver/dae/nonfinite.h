/* Naming the cause of a residual that is not finite.
 *
 * A force 1/q at q = 0, sqrt of a negative number, an exp that overflows:
 * once a NaN or an infinity enters the residual, IDA only reports that its
 * corrector did not converge (or worse), at some t. mbs_residual checks the
 * assembled residual for finiteness (one pass, cheap); only when it is not
 * finite does mbs_nonfinite_explain evaluate it again element by element,
 * checking after each what it wrote, and reports the first element whose
 * contribution is not finite, with the value and t (or the variable of the
 * state that is not finite) as a recoverable evaluation failure
 * (mbs_eval_fail): IDA may retry with a smaller step; if it gives up, the
 * run fails with this message. */
#ifndef MBS_NONFINITE_H
#define MBS_NONFINITE_H

#include "../eval/eval.h"

/* 1 if every v[i] is finite. */
int mbs_all_finite(const double *v, int n);

/* Finds and reports (in d->eval_failed, d->eval_message) why the residual
 * at (t, y, y') is not finite. Overwrites res and the loads in d. */
void mbs_nonfinite_explain(const mbs_model *m, mbs_data *d, double t, const double *y, const double *yp, double *res);

/* What drives a variable: a force element's force along it, or a
 * constraint's prescribed rate (a motion's). */
typedef struct mbs_driver {
    int prescribed; /* 0: a force (value, N); 1: a prescribed rate (value, the row's units per second) */
    double value;
} mbs_driver;

/* When a run stalls or its first step is absurdly small, the variable that
 * changes fastest is named; this finds the element that drives it. For a
 * body's translational velocity, the element whose force along it makes up
 * at least half of mass times acceleration (a singular or overflowing
 * force); else, for any coordinate or velocity of a body, the element whose
 * constraint on that body has the largest time term (a motion whose
 * expression has a pole). Its index, or -1 (the motion comes from several
 * elements, or from the constraints alone). Overwrites res and the loads
 * in d. */
int mbs_driving_element(const mbs_model *m, mbs_data *d, double t, const double *y, const double *yp, double *res,
                        int i, mbs_driver *out);

#endif
