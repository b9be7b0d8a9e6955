/* A user subroutine bound to an element (docs/user-subroutines.md): the
 * function found in its library, the element's id and USER(...)
 * parameters, the shape of its arguments, and what it reads.
 *
 * An element's user routine is given as three things, whatever the model
 * file calls them: a library, a function name and a parameter list
 * (mbs_user_spec). The routine's values are tfuncs (model/tfunc.h) with
 * `user` set, one per output, registered with the builder like the
 * element's expressions; so the element evaluates it where it would
 * evaluate an expression, and the Jacobian's pattern, the load-read checks
 * and the joint formulation's Newton matrix see what it reads.
 *
 * What it reads is declared in one call at set-up, with iflag set, made
 * once every element is built: its c_sysfnc and c_sysary calls are bound
 * (usersub/reads.c) to measures of its first tfunc, the same measures the
 * expression language binds (model/expr_env.c), and answered at run time
 * from them (solver/eval/measure.c). */
#ifndef MBS_USER_ROUTINE_H
#define MBS_USER_ROUTINE_H

#include "../model/builder.h"
#include "../model/tfunc.h"

/* The arguments a routine takes (usersub.h has each prototype). */
typedef enum mbs_user_shape {
    MBS_USER_FORCE,  /* (id, time, par, npar, dflag, iflag, result[n]): SFOSUB VFOSUB VTOSUB GFOSUB VARSUB DIFSUB */
    MBS_USER_MOTION, /* (id, time, par, npar, iord, iflag, value): MOTSUB */
    MBS_USER_OUTPUT, /* (id, time, par, npar, iflag, result[n]): REQSUB SENSUB */
    MBS_USER_SYSTEM, /* (id, time, par, npar, dflag, iflag, nstate, states, ninput, input, noutpt, stated, output):
                        GSESUB */
    MBS_USER_ARRAY,  /* (id, time, par, npar, dflag, iflag, nvalue, value[n]): ARYSUB */
    MBS_USER_CONTACT_NORMAL,   /* (id, time, par, npar, loci, ni, locj, nj, gap, gapdot, gapdotdot, dflag, iflag,
                                  result): CNFSUB */
    MBS_USER_CONTACT_FRICTION, /* (id, time, par, npar, loci, locj, x, xdot, nforce, dflag, iflag, result): CFFSUB */
} mbs_user_shape;

/* The arguments of one contact point that CNFSUB and CFFSUB are given
 * (include/mbsim/usersub.h says what each is), in model units. */
typedef struct mbs_user_contact {
    double loci[3], ni[3], locj[3], nj[3];
    double gap, gapdot, gapdotdot; /* CNFSUB */
    double x[3], xdot[3], nforce;  /* CFFSUB */
} mbs_user_contact;

/* A system's sizes (GSESUB), at most MBS_USER_SYSTEM_MAX each. */
#define MBS_USER_SYSTEM_MAX 64
typedef struct mbs_user_system {
    int nstate, ninput, noutput;
} mbs_user_system;

/* An element's user routine as the model gives it. */
typedef struct mbs_user_spec {
    const char *library;   /* as written (a name or a path); NULL or "NULL": MS_USERSUBDLL's */
    const char *library_attr; /* the attribute that names it (usrsub_dll_name, ...), for messages */
    const char *function;  /* NULL: `routine`, MotionSolve's name for it */
    const char *params;    /* "USER(p1, p2, ...)" (numbers or expressions of the model's
                              parameters), or NULL: none */
    const char *routine;   /* MotionSolve's name: SFOSUB, MOTSUB, ... */
    mbs_user_shape shape;
    int n_outputs;         /* 1 .. MBS_TFUNC_USER_MAX values */
    const mbs_dim *dims;   /* [n_outputs] their dimensions */
    int may_read;          /* it may call c_sysfnc / c_sysary (MOTSUB and GSESUB may not) */
    mbs_user_system system; /* MBS_USER_SYSTEM */
} mbs_user_spec;

/* One c_sysfnc or c_sysary call a routine declared: its values are
 * measures (slot >= 0 of the routine's first tfunc) or constants (the
 * numbers of an IC Reference_Array). */
#define MBS_USER_MAX_IPAR 8
typedef struct mbs_user_call {
    char name[16];          /* upper case */
    int array;              /* c_sysary */
    int ipar[MBS_USER_MAX_IPAR];
    int nsize;
    int first, n;           /* its values: slot[first .. first + n), constant[...] */
} mbs_user_call;

typedef struct mbs_user_routine {
    char *function;         /* its name in the library */
    const char *routine;    /* MotionSolve's name (static) */
    char *library;          /* the file */
    char *label;            /* "SFOSUB", or "SFOSUB 'spring'" when the function has another name */
    char *element;          /* "Force_Scalar_TwoBody 3 (label 'spring')" */
    char *guard;            /* what the crash guard says ran (crash_guard.h) */
    mbs_user_shape shape;
    void (*fn)(void);       /* called through its shape's prototype */
    int id;
    double *par;            /* [npar] (at least one entry) */
    int npar;
    int n_outputs;
    mbs_user_system system;
    int may_read;
    mbs_tfunc *reads;       /* the first of its tfuncs: its measures are what it reads (NULL: it reads nothing) */
    mbs_expr_env *env;      /* binds them, until the iflag call (the builder's) */
    mbs_user_call *calls;   /* what it declared */
    int n_calls;
    int *slot;              /* [n_values] measure slot, or -1 for a constant */
    double *constant;       /* [n_values] */
    int n_values;
    int messages;           /* reports made so far (usersub/utilities.c) */
    int refs;               /* its tfuncs, or the element that calls it itself */
} mbs_user_routine;

/* Finds e's routine as `spec` gives it and makes its values: out[k] is
 * output k (every one registered with the builder), and the iflag call is
 * deferred until every element is built. 0, or -1 after reporting (the
 * library or the routine not found, a bad parameter). */
int mbs_user_values(mbs_builder *b, const mbs_spec_elem *e, const mbs_user_spec *spec, mbs_tfunc **out);

/* A routine its element calls itself (GSESUB: arrays of values in and
 * out), found as mbs_user_values finds one, its iflag call deferred
 * likewise; NULL after reporting. The element gives it up with
 * mbs_user_routine_release. */
mbs_user_routine *mbs_user_routine_new(mbs_builder *b, const mbs_spec_elem *e, const mbs_user_spec *spec);
void mbs_user_routine_release(mbs_user_routine *r);

/* Only looks for e's routine as `spec` gives it (its parameters read, its
 * library and the routine in it found), binding and calling nothing: for
 * an element that cannot be built for another reason (inputs with errors
 * of their own), so that a library that is not there is still reported
 * for every element that names it. 0, or -1 after reporting. */
int mbs_user_routine_check(mbs_builder *b, const mbs_spec_elem *e, const mbs_user_spec *spec);

/* GSESUB at ev's state (time ev->t): the rates xdot[nstate] and outputs
 * y[noutput] of the states x and inputs u (model units). A failure fails
 * the evaluation fatally, as the element's. */
struct mbs_eval;
void mbs_user_system_values(const struct mbs_eval *ev, mbs_user_routine *r, const double *x, const double *u,
                            double *xdot, double *y);

/* CNFSUB or CFFSUB at ev's state (time ev->t) for one contact point k:
 * out[0 .. 3) its result (model units). A failure fails the evaluation
 * fatally, as the element's. */
void mbs_user_contact_values(const struct mbs_eval *ev, mbs_user_routine *r, const mbs_user_contact *k, double *out);

/* One call of r with its shape's arguments (time in model units). out:
 * the n_outputs values, or a system's rates then its outputs; states and
 * inputs: a system's (NULL for zeros). */
typedef struct mbs_user_args {
    double time;
    int dflag, iflag, iord;
    const double *states, *inputs;
    double *out;
    const mbs_user_contact *contact; /* CNFSUB, CFFSUB (NULL for zeros) */
} mbs_user_args;
void mbs_user_invoke(const mbs_user_routine *r, const mbs_user_args *a);

#endif
