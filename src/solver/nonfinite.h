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

#include "eval.h"

/* 1 if every v[i] is finite. */
int mbs_all_finite(const double *v, int n);

/* Finds and reports (in d->eval_failed, d->eval_message) why the residual
 * at (t, y, y') is not finite. Overwrites res and the loads in d. */
void mbs_nonfinite_explain(const mbs_model *m, mbs_data *d, double t, const double *y, const double *yp, double *res);

/* When a run stalls or its first step is absurdly small, the variable that
 * changes fastest is named; if it is a body's velocity, this finds the
 * element that drives it: the one whose force along it makes up at least
 * half of mass times acceleration (a singular or overflowing force). Its
 * index with the force, or -1 (the motion comes from constraints, or from
 * several elements). Overwrites res and the loads in d. */
int mbs_driving_element(const mbs_model *m, mbs_data *d, double t, const double *y, const double *yp, double *res,
                        int i, double *force);

#endif
