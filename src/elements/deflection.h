/* The six-component deflection of marker I relative to marker J, as Adams'
 * BUSHING, BEAM and FIELD measure it, and the loads of a six-component
 * spring-damper between the two markers (force_bushing.c, force_beam.c). */
#ifndef MBS_DEFLECTION_H
#define MBS_DEFLECTION_H

#include "../solver/eval.h"

typedef struct mbs_deflection {
    double x[6];    /* DX DY DZ: p_I - p_J in J axes; AX AY AZ: Adams' projected angles of I about J's axes */
    double v[6];    /* VX VY VZ: d/dt of DX..DZ seen from J; WX WY WZ: w_I - w_J in J axes */
    double rate[6]; /* the exact time derivatives of x (VX VY VZ, then the angles' own rates) */
    double d[3];    /* p_I - p_J, global */
    double RJ[9];   /* J's axes (columns), global */
} mbs_deflection;

/* Measures the deflection; the angles are made continuous over turns by
 * `turns` (the angles at the last accepted step, updated by the caller). */
void mbs_deflection_measure(const mbs_eval *ev, int I, int J, const double turns[3], mbs_deflection *out);

/* The three angles in (-pi, pi] (initial values of `turns`). */
void mbs_deflection_angles(const mbs_eval *ev, int I, int J, double angles[3]);

/* Applies load = (FX FY FZ TX TY TZ), the force at I's origin and the torque
 * on I's body in J axes, and the equilibrating load on J's body: -F at the
 * point of J's body at I's origin (the moment of the arm) and -T. */
void mbs_deflection_apply(mbs_eval *ev, int I, int J, const mbs_deflection *def, const double load[6]);

/* The torque on J's body about J's origin, in J axes: -T - x[0..2] x F. */
void mbs_deflection_reaction_torque(const mbs_deflection *def, const double load[6], double out[3]);

/* Non-conservative power of a load derived from a potential V(x) plus other
 * terms: load . v (the power of the load pair, exact) + grad V . rate. */
double mbs_deflection_power_nc(const mbs_deflection *def, const double load[6], const double grad_v[6]);

#endif
