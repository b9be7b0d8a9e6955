/* The numbers of an element's text (an attribute-table entry flagged
 * MBS_CONTENT): a Reference_Array's values or variable ids, a
 * Reference_Spline's rows, a Reference_Matrix's entries. MotionView writes
 * them as rows separated by white space and new lines; commas are accepted
 * too. How many there must be, and in which layout, is the element's own
 * business: this reads them and names the first that is not a number. */
#include "builder.h"
#include "../core/strutil.h"

int mbs_build_numbers(mbs_builder *b, const mbs_spec_elem *e, const char *attr, double **out, int *n)
{
    char bad[64];
    int rc = mbs_parse_numbers(mbs_spec_text(e, attr), out, n, bad, sizeof bad);
    if (rc == -2)
        return mbs_build_error(b, e, "%s: '%s' is not a number", attr, bad);
    return rc;
}
