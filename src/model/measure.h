/* What a run-time expression reads from the model: MotionSolve's functions
 * of the state (DX, VZ, PSI, FX, JOINT, VARVAL, AKISPL, ...), bound when
 * the expression is compiled (model/expr_env.c) and evaluated by
 * solver/eval/measure.c. Each is one slot of its expression. Values are in the
 * model's units (the expression is written in them). */
#ifndef MBS_MEASURE_H
#define MBS_MEASURE_H

typedef enum mbs_measure_kind {
    /* marker kinematics: I relative to J, in K's axes, time derivatives in L */
    MBS_MEAS_DX, MBS_MEAS_DY, MBS_MEAS_DZ, MBS_MEAS_DM,
    MBS_MEAS_VX, MBS_MEAS_VY, MBS_MEAS_VZ, MBS_MEAS_VM, MBS_MEAS_VR,
    MBS_MEAS_WX, MBS_MEAS_WY, MBS_MEAS_WZ, MBS_MEAS_WM,
    MBS_MEAS_ACCX, MBS_MEAS_ACCY, MBS_MEAS_ACCZ, MBS_MEAS_ACCM,
    MBS_MEAS_WDTX, MBS_MEAS_WDTY, MBS_MEAS_WDTZ, MBS_MEAS_WDTM,
    /* orientation of I relative to J */
    MBS_MEAS_AX, MBS_MEAS_AY, MBS_MEAS_AZ,
    MBS_MEAS_PSI, MBS_MEAS_THETA, MBS_MEAS_PHI,
    MBS_MEAS_YAW, MBS_MEAS_PITCH, MBS_MEAS_ROLL,
    MBS_MEAS_E0, MBS_MEAS_E1, MBS_MEAS_E2, MBS_MEAS_E3, /* Euler parameters of Q, e0 >= 0 (Adams' ORIENT 27) */
    MBS_MEAS_B1, MBS_MEAS_B2, MBS_MEAS_B3, /* body-fixed 1-2-3 angles of Q (Adams' ORIENT 1) */
    MBS_MEAS_INCANG,   /* the angle between J->I and J->K (markers I, J, K), 0..pi */
    /* the net load at I of the elements between I and J, in K's axes */
    MBS_MEAS_FX, MBS_MEAS_FY, MBS_MEAS_FZ, MBS_MEAS_FM,
    MBS_MEAS_TX, MBS_MEAS_TY, MBS_MEAS_TZ, MBS_MEAS_TM,
    /* one element's load at its I or J marker (JOINT, MOTION, SFORCE, ...):
     * `which` 1 |F|, 2..4 F, 5 |T|, 6..8 T, in K's axes */
    MBS_MEAS_ELEMENT_LOAD,
    /* states of data elements */
    MBS_MEAS_VARVAL,   /* a Reference_Variable (component comp) */
    MBS_MEAS_DIF,      /* a Control_Diff's state */
    MBS_MEAS_DIF1,     /* its time derivative */
    MBS_MEAS_STATE,    /* state `which` of component comp (ARYVAL of a state equation's X array, of an ARYSUB U array) */
    MBS_MEAS_SIGNAL,   /* output `which` of component comp (ARYVAL of its Y array: ops->signal) */
    MBS_MEAS_SPLINE,   /* args (x, z): spline `spline`, method, derivative order */
    MBS_MEAS_MODE      /* the analysis: 4 transient, 5 static (Adams' numbers) */
} mbs_measure_kind;

typedef enum mbs_spline_method { MBS_SPLINE_AKIMA, MBS_SPLINE_CUBIC, MBS_SPLINE_LINEAR } mbs_spline_method;

typedef struct mbs_measure {
    mbs_measure_kind kind;
    int marker[4];     /* I, J, K, L: marker indices, -1 for the ground frame */
    int comp;          /* ELEMENT_LOAD, VARVAL, DIF, DIF1, STATE, SIGNAL: component index */
    int at_j;          /* ELEMENT_LOAD: the load at the element's J marker */
    int which;         /* ELEMENT_LOAD: component 1..8; STATE, SIGNAL: index from 0 */
    int *comps;        /* FX..TM: the elements between I and J */
    int n_comps;
    int spline;        /* SPLINE: index into the model's splines */
    mbs_spline_method method;
    int order;         /* SPLINE: 0 value, 1.. derivatives by x */
    int z_order;       /* SPLINE: derivatives by z (a surface's second argument) */
    double to_model;   /* SI -> model units of the value */
} mbs_measure;

#endif
