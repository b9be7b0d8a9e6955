/* The functions of the state c_sysfnc and c_sysary answer, a REQSUB whose
 * eight columns are one set of them, par[0] choosing which (I, J, K, L
 * markers par[1 .. 4], E an element, V a variable, D a Control_Diff,
 * A a U Reference_Array, par[5 .. 8]):
 *   1  ACCX ACCY ACCZ ACCM (I, J, K, L), WDTX WDTY WDTZ WDTM (I, J, K, L)
 *   2  PSI THETA PHI YAW PITCH ROLL AX AZ (I, J)
 *   3  FX FY FZ FM TX TY TZ TM (I, J, K)
 *   4  JOINT(E, 0, 2..4) and (E, 1, 6), VARVAL(V), DIF(D), DIF1(D), ARYVAL(A, 1)
 *   5  c_sysary DISP(I, J, K) and VM WM (I, J)
 *   6  c_sysary ACC(I, J, K, L) and VR (I, J), MODE
 *   7  c_sysary FORCE(I, J, K) and ARRAY(A)'s first element, VZ(I, J, K, L) */
#include "usersub.h"

static double one(const char *name, const int *ipar, int n)
{
    double value;
    int errflg;
    c_sysfnc(name, ipar, n, &value, &errflg);
    return value;
}

void STDCALL REQSUB(int *id, double *time, double *par, int *npar, int *iflag, double *r)
{
    (void)id;
    (void)time;
    (void)npar;
    (void)iflag;
    int m[4] = {(int)par[1], (int)par[2], (int)par[3], (int)par[4]};
    int E = (int)par[5], V = (int)par[6], D = (int)par[7], A = (int)par[8], n, errflg;
    double six[6], many[16];
    switch ((int)par[0]) {
    case 1: {
        static const char *const NAMES[8] = {"ACCX", "ACCY", "ACCZ", "ACCM", "WDTX", "WDTY", "WDTZ", "WDTM"};
        for (int k = 0; k < 8; k++)
            r[k] = one(NAMES[k], m, k == 3 || k == 7 ? 3 : 4);
        break;
    }
    case 2: {
        static const char *const NAMES[8] = {"PSI", "THETA", "PHI", "YAW", "PITCH", "ROLL", "AX", "AZ"};
        for (int k = 0; k < 8; k++)
            r[k] = one(NAMES[k], m, 2);
        break;
    }
    case 3: {
        static const char *const NAMES[8] = {"FX", "FY", "FZ", "FM", "TX", "TY", "TZ", "TM"};
        for (int k = 0; k < 8; k++)
            r[k] = one(NAMES[k], m, k == 3 || k == 7 ? 2 : 3);
        break;
    }
    case 4: {
        int joint[4] = {E, 0, 2, 0};
        for (int k = 0; k < 3; k++) {
            joint[2] = 2 + k;
            r[k] = one("JOINT", joint, 3);
        }
        int at_j[3] = {E, 1, 6};
        r[3] = one("JOINT", at_j, 3);
        r[4] = one("VARVAL", &V, 1);
        r[5] = one("DIF", &D, 1);
        r[6] = one("DIF1", &D, 1);
        int element[2] = {A, 1};
        r[7] = one("ARYVAL", element, 2);
        break;
    }
    case 5:
        c_sysary("DISP", m, 3, six, &n, &errflg);
        for (int k = 0; k < 6; k++)
            r[k] = six[k];
        r[6] = one("VM", m, 2);
        r[7] = one("WM", m, 2);
        break;
    case 6:
        c_sysary("ACC", m, 4, six, &n, &errflg);
        for (int k = 0; k < 6; k++)
            r[k] = six[k];
        r[6] = one("VR", m, 2);
        r[7] = one("MODE", m, 0);
        break;
    default:
        c_sysary("FORCE", m, 3, six, &n, &errflg);
        for (int k = 0; k < 6; k++)
            r[k] = six[k];
        c_sysary("ARRAY", &A, 1, many, &n, &errflg);
        r[6] = many[0];
        r[7] = one("VZ", m, 4);
    }
}
