/* The diagnostics sink (diag.h): messages collected with their location,
 * formatted, cut to the errors or to a count, sorted by line. */
#include "diag.h"
#include "strutil.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void mbs_diags_init(mbs_diags *d)
{
    memset(d, 0, sizeof *d);
}

void mbs_diags_free(mbs_diags *d)
{
    for (int i = 0; i < d->count; i++) {
        free(d->items[i].file);
        free(d->items[i].message);
    }
    free(d->items);
    memset(d, 0, sizeof *d);
}

void mbs_diag_addv(mbs_diags *d, mbs_severity sev, const char *file, int line,
                   const char *fmt, va_list ap)
{
    if (sev == MBS_SEV_ERROR) {
        d->errors++;
        if (d->max_errors > 0 && d->errors > d->max_errors)
            return;
    } else if (sev == MBS_SEV_WARNING) {
        d->warnings++;
    }
    if (d->count == d->capacity) {
        int cap = d->capacity ? 2 * d->capacity : 16;
        mbs_diag *items = realloc(d->items, (size_t)cap * sizeof *items);
        if (!items)
            return;
        d->items = items;
        d->capacity = cap;
    }
    mbs_diag *g = &d->items[d->count++];
    g->severity = sev;
    g->file = file ? mbs_strdup(file) : NULL;
    g->line = line;
    g->message = mbs_vsprintf_alloc(fmt, ap);
}

void mbs_diag_add(mbs_diags *d, mbs_severity sev, const char *file, int line,
                  const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    mbs_diag_addv(d, sev, file, line, fmt, ap);
    va_end(ap);
}

char *mbs_diag_format(const mbs_diag *g)
{
    static const char *names[] = {"error", "warning", "note"};
    const char *what = names[g->severity];
    /* one line, whatever the file's texts hold: a newline in a label must
     * not split it, nor a carriage return overprint it */
    char *msg = mbs_str_shown(g->message ? g->message : "(out of memory)", (size_t)-1);
    char *file = g->file ? mbs_str_shown(g->file, (size_t)-1) : NULL;
    char *line;
    if (file && g->line > 0)
        line = mbs_sprintf_alloc("%s:%d: %s: %s", file, g->line, what, msg ? msg : "");
    else if (file)
        line = mbs_sprintf_alloc("%s: %s: %s", file, what, msg ? msg : "");
    else
        line = mbs_sprintf_alloc("mbsim: %s: %s", what, msg ? msg : "");
    free(msg);
    free(file);
    return line;
}

void mbs_diags_truncate(mbs_diags *d, int count)
{
    while (d->count > count) {
        mbs_diag *g = &d->items[--d->count];
        if (g->severity == MBS_SEV_ERROR)
            d->errors--;
        else if (g->severity == MBS_SEV_WARNING)
            d->warnings--;
        free(g->file);
        free(g->message);
    }
}

void mbs_diags_keep_errors(mbs_diags *d, int first)
{
    int kept = first;
    for (int i = first; i < d->count; i++) {
        mbs_diag *g = &d->items[i];
        if (g->severity == MBS_SEV_ERROR) {
            d->items[kept++] = *g;
            continue;
        }
        if (g->severity == MBS_SEV_WARNING)
            d->warnings--;
        free(g->file);
        free(g->message);
    }
    d->count = kept;
}

void mbs_diags_sort_by_line(mbs_diags *d, int first)
{
    for (int i = first + 1; i < d->count; i++) {
        mbs_diag g = d->items[i];
        int j = i;
        while (j > first && d->items[j - 1].line > g.line) {
            d->items[j] = d->items[j - 1];
            j--;
        }
        d->items[j] = g;
    }
}
