/* An Adams/Solver dataset (.adm) and command file (.acf) read into the spec
 * the XML reader makes: lexing (adams_lexer.c), each statement read against
 * its declaration (adams_parse.c, adams_statements.c, adams_commands.c),
 * UNITS first, then every statement mapped onto elements in file order
 * (adams_map_*.c), and a table of what was read, converted and refused. */
#include "reader.h"
#include "adams_map.h"
#include "spec_values.h"
#include "xml_load.h"
#include "../core/strutil.h"

#include <ctype.h>
#include <errno.h>
#include <unistd.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

typedef struct coverage_row {
    char name[32];
    int read, converted, no_effect, refused;
} coverage_row;

typedef struct coverage {
    coverage_row *rows;
    int n;
} coverage;

static coverage_row *row_of(coverage *cv, const char *name)
{
    for (int i = 0; i < cv->n; i++)
        if (strcmp(cv->rows[i].name, name) == 0)
            return &cv->rows[i];
    coverage_row *r = realloc(cv->rows, (size_t)(cv->n + 1) * sizeof *r);
    if (!r)
        return NULL;
    cv->rows = r;
    memset(&r[cv->n], 0, sizeof r[cv->n]);
    snprintf(r[cv->n].name, sizeof r[cv->n].name, "%s", name);
    return &r[cv->n++];
}

/* The statement's name as written, for a statement no table knows. */
static void written_name(const adm_raw *raw, char *out, size_t size)
{
    size_t k = 0;
    while (raw->text[k] && k + 1 < size && (isalnum((unsigned char)raw->text[k]) || raw->text[k] == '_')) {
        out[k] = (char)toupper((unsigned char)raw->text[k]);
        k++;
    }
    out[k] = '\0';
    if (!k)
        snprintf(out, size, "(not a statement)");
}

static char *coverage_table(const coverage *cv)
{
    mbs_buf b;
    mbs_buf_init(&b);
    mbs_buf_appendf(&b, "Adams statements   %8s %10s %10s %8s\n", "read", "converted", "no effect", "refused");
    int t[4] = {0, 0, 0, 0};
    for (int i = 0; i < cv->n; i++) {
        const coverage_row *r = &cv->rows[i];
        mbs_buf_appendf(&b, "  %-16s %8d %10d %10d %8d\n", r->name, r->read, r->converted, r->no_effect, r->refused);
        t[0] += r->read, t[1] += r->converted, t[2] += r->no_effect, t[3] += r->refused;
    }
    mbs_buf_appendf(&b, "  %-16s %8d %10d %10d %8d\n", "total", t[0], t[1], t[2], t[3]);
    return b.data;
}

/* Reads and lexes one file; NULL text after reporting. */
static mbs_status load(const char *path, int header_lines, mbs_diags *d, char **text, size_t *len, adm_lexed *lx)
{
    memset(lx, 0, sizeof *lx);
    mbs_status st = mbs_xml_read_file(path, text, len, d);
    if (st != MBS_OK)
        return st;
    return adm_lex(path, *text, *len, header_lines, d, lx);
}

/* Reads the statements of lx against defs, appending to c->st. */
static int parse_all(adm_ctx *c, const char *path, const adm_lexed *lx, const adm_stmtdef *const *defs,
                     coverage *cv, int *first)
{
    adm_stmt *st = realloc(c->st, (size_t)(c->n + lx->n + 1) * sizeof *st);
    if (!st)
        return -1;
    c->st = st;
    *first = c->n;
    for (int i = 0; i < lx->n; i++) {
        adm_stmt *s = &c->st[c->n++];
        int rc = adm_parse_statement(path, &lx->st[i], defs, c->d, s);
        char name[32];
        if (s->def)
            snprintf(name, sizeof name, "%s", s->def->name);
        else
            written_name(&lx->st[i], name, sizeof name);
        coverage_row *row = row_of(cv, name);
        if (row)
            row->read++;
        if (s->def && s->def->effect == ADM_REFUSED) {
            char what[64];
            adm_describe(s, what, sizeof what);
            mbs_diag_add(c->d, MBS_SEV_ERROR, path, s->line, "%s: refused: %s", what, s->def->doc);
            if (row)
                row->refused++;
            s->def = NULL; /* nothing else is done with it */
        } else if (rc != 0) {
            if (row)
                row->refused++;
            if (s->def)
                s->def = s->def; /* read in part: its mapping is skipped, its references still resolve */
            s->failed = 1;
        }
    }
    return 0;
}

/* Maps statements [from, c->n) onto the spec. */
static void map_all(adm_ctx *c, int from, coverage *cv, int units_first)
{
    for (int pass = 0; pass < 2; pass++)
        for (int i = from; i < c->n; i++) {
            adm_stmt *s = &c->st[i];
            if (!s->def || s->failed)
                continue;
            int is_units = strcmp(s->def->name, "UNITS") == 0 && !c->in_command;
            if (units_first && (pass == 0) != is_units)
                continue;
            if (!units_first && pass == 1)
                continue;
            coverage_row *row = row_of(cv, s->def->name);
            c->cur = s;
            int errors = c->d->errors;
            int first_elem = c->spec->n_elems;
            int rc = s->def->map ? s->def->map(c, s) : 0;
            if (rc != 0 || c->d->errors > errors || c->skipped) {
                for (int k = first_elem; k < c->spec->n_elems; k++)
                    c->spec->elems[k].unreadable = 1;
                s->failed = 1;
                c->skipped = 0;
                if (row)
                    row->refused++;
            } else if (row) {
                if (s->def->effect == ADM_NO_EFFECT ||
                    (strcmp(s->def->name, "GRAPHICS") == 0 && adm_graphic_not_drawn(s)))
                    row->no_effect++;
                else
                    row->converted++;
            }
            c->cur = NULL;
        }
}

/* A statement that failed leaves an element of its kind and id behind,
 * marked unreadable: what refers to it (a marker on a refused part, an
 * expression's GFORCE(id) of a refused GFORCE) is then left out silently, as
 * for the XML reader's unreadable elements, its cause being reported once. */
static void placeholders(adm_ctx *c, int from, int to)
{
    for (int i = from; i < to; i++) {
        const adm_stmt *s = &c->st[i];
        if (!s->failed || !s->def || !s->has_id || !s->def->kind)
            continue;
        int exists = 0;
        for (int k = 0; k < c->spec->n_elems && !exists; k++)
            exists = c->spec->elems[k].id == s->id && strcmp(c->spec->elems[k].kind->name, s->def->kind) == 0;
        if (exists)
            continue;
        c->cur = s;
        mbs_spec_elem *e = adm_elem(c, s->def->kind, s->id);
        if (e)
            e->unreadable = 1;
        c->cur = NULL;
    }
}

/* Ids of a statement kind are unique in Adams; two statements of one kind
 * with one id are an error, and so are two of a statement without ids
 * (UNITS, ACCGRAV, INTEGRATOR, ...: a dataset has one of each). */
static void check_ids(adm_ctx *c, int from)
{
    for (int i = from; i < c->n; i++) {
        adm_stmt *s = &c->st[i];
        if (!s->def || s->failed)
            continue;
        if (s->def->id == ADM_ID_NONE) {
            for (int k = from; k < i; k++)
                if (c->st[k].def == s->def && !c->st[k].failed) {
                    mbs_diag_add(c->d, MBS_SEV_ERROR, c->path, s->line, "%s is given twice (first on line %d)",
                                 s->def->name, c->st[k].line);
                    s->failed = 1;
                    break;
                }
            continue;
        }
        if (!s->has_id)
            continue;
        for (int k = from; k < i; k++)
            if (c->st[k].def == s->def && c->st[k].has_id && c->st[k].id == s->id && !c->st[k].failed) {
                mbs_diag_add(c->d, MBS_SEV_ERROR, c->path, s->line, "%s/%d is defined twice (first on line %d)",
                             s->def->name, s->id, c->st[k].line);
                s->failed = 1;
                break;
            }
    }
}

/* The dataset a command file names on its first line, relative to the
 * command file's directory; ".adm" added when it has no extension. */
static char *dataset_of(const char *acf, const char *line)
{
    char *name = mbs_strdup(line ? line : "");
    if (!name)
        return NULL;
    mbs_str_trim(name);
    if (!*name) {
        free(name);
        return NULL;
    }
    const char *base = strrchr(name, '/');
    base = base ? base + 1 : name;
    char *with_ext = strchr(base, '.') ? mbs_strdup(name) : mbs_sprintf_alloc("%s.adm", name);
    free(name);
    if (!with_ext || with_ext[0] == '/')
        return with_ext;
    const char *slash = strrchr(acf, '/');
    char *full = slash ? mbs_sprintf_alloc("%.*s/%s", (int)(slash - acf), acf, with_ext) : mbs_strdup(with_ext);
    free(with_ext);
    return full;
}

/* Joints' ICs: the motions that hold them (adams_map_constraints.c) act in
 * the first assembly only. Simulate ASSEMBLY, then Deactivate each; then the
 * command file's analyses, or the default transient (to t = 1, output every
 * 0.01, as a model without analyses gets). */
static void hold_initial_conditions(adm_ctx *c, int has_commands)
{
    c->in_command = 1;
    c->cur = NULL;
    mbs_spec_elem *e = adm_elem(c, "Simulate", 0);
    if (e)
        adm_set(c, e, "analysis_type", NULL, "ASSEMBLY");
    for (int k = 0; k < c->n_ic_motions; k++)
        if ((e = adm_elem(c, "Deactivate", 0))) {
            adm_set(c, e, "element_type", NULL, "MOTION");
            adm_set_int(c, e, "element_id", c->ic_motions[k]);
        }
    if (!has_commands && (e = adm_elem(c, "Simulate", 0))) {
        adm_set(c, e, "analysis_type", NULL, "TRANSIENT");
        adm_set(c, e, "end_time", NULL, "1");
        adm_set(c, e, "print_interval", NULL, "0.01");
    }
    c->in_command = 0;
}

int mbs_is_adams_commands_path(const char *path)
{
    size_t n = path ? strlen(path) : 0;
    return n > 4 && strcasecmp(path + n - 4, ".acf") == 0;
}

int mbs_is_adams_path(const char *path)
{
    size_t n = path ? strlen(path) : 0;
    return mbs_is_adams_commands_path(path) || (n > 4 && strcasecmp(path + n - 4, ".adm") == 0);
}

mbs_status mbs_read_adams(const char *path, const char *commands, const mbs_override *ov, int n_ov, mbs_diags *d,
                          mbs_spec *out)
{
    memset(out, 0, sizeof *out);
    out->path = mbs_strdup(path);
    mbs_units_si(&out->units);
    char *dataset = NULL;
    adm_lexed acf = {0}, adm = {0};
    char *acf_text = NULL;
    size_t acf_len = 0;
    mbs_status st = MBS_OK;
    if (!commands && mbs_is_adams_commands_path(path))
        commands = path;
    if (commands) {
        st = load(commands, 2, d, &acf_text, &acf_len, &acf);
        if (st == MBS_E_NOMEM || !acf_text) {
            free(acf_text);
            adm_lexed_free(&acf);
            return st == MBS_OK ? MBS_E_INPUT : st;
        }
    }
    if (commands == path) {
        dataset = dataset_of(commands, acf.header[0]);
        if (!dataset) {
            mbs_diag_add(d, MBS_SEV_ERROR, commands, 1, "the command file's first line names no dataset (.adm)");
            free(acf_text);
            adm_lexed_free(&acf);
            return MBS_E_INPUT;
        }
    } else {
        dataset = mbs_strdup(path);
    }
    if (commands == path && access(dataset, R_OK) != 0) {
        mbs_diag_add(d, MBS_SEV_ERROR, commands, 1, "the dataset %s named on the first line cannot be read: %s",
                     dataset, strerror(errno));
        free(dataset);
        free(acf_text);
        adm_lexed_free(&acf);
        return MBS_E_INPUT;
    }
    mbs_status dst = load(dataset, 1, d, &out->source, &out->source_len, &adm);
    if (!out->source) {
        free(dataset);
        free(acf_text);
        adm_lexed_free(&acf);
        adm_lexed_free(&adm);
        return dst == MBS_OK ? MBS_E_INPUT : dst;
    }
    int errors_before = d->errors;
    if (dst != MBS_OK)
        st = dst;
    if (!adm.end_line)
        mbs_diag_add(d, MBS_SEV_ERROR, dataset, 0, "the dataset has no END statement (is it cut short?)");
    for (int k = 0; k < n_ov; k++)
        mbs_diag_add(d, MBS_SEV_ERROR, NULL, 0, "--set %s: an Adams dataset declares no parameters", ov[k].name);

    coverage cv = {NULL, 0};
    adm_ctx c;
    memset(&c, 0, sizeof c);
    c.path = dataset;
    c.d = d;
    c.spec = out;
    int first;
    parse_all(&c, dataset, &adm, adm_dataset_statements, &cv, &first);
    check_ids(&c, 0);
    /* markers mbsim adds take ids above every MARKER's */
    int max_marker = 0;
    for (int i = 0; i < c.n; i++)
        if (c.st[i].def && strcmp(c.st[i].def->name, "MARKER") == 0 && c.st[i].id > max_marker)
            max_marker = c.st[i].id;
    c.next_marker_id = max_marker + 1;
    int max_motion = 0;
    for (int i = 0; i < c.n; i++)
        if (c.st[i].def && strcmp(c.st[i].def->name, "MOTION") == 0 && c.st[i].id > max_motion)
            max_motion = c.st[i].id;
    c.next_motion_id = max_motion + 1;
    /* constraints mbsim adds: above every JOINT, JPRIM, COUPLER, GEAR and GCON id (one family today) */
    int max_constraint = 0;
    static const char *const CONSTRAINTS[] = {"JOINT", "JPRIM", "COUPLER", "GEAR", "GCON"};
    for (int i = 0; i < c.n; i++)
        for (int k = 0; k < 5; k++)
            if (c.st[i].def && strcmp(c.st[i].def->name, CONSTRAINTS[k]) == 0 && c.st[i].id > max_constraint)
                max_constraint = c.st[i].id;
    c.next_constraint_id = max_constraint + 1;
    c.frame_id = calloc((size_t)(c.n + 1), sizeof *c.frame_id);
    for (int i = 0; c.frame_id && i < c.n; i++)
        if (c.st[i].def && strcmp(c.st[i].def->name, "PART") == 0 && !adm_arg(&c.st[i], "GROUND") &&
            adm_part_has_frame(&c.st[i]))
            c.frame_id[i] = c.next_marker_id++;
    map_all(&c, 0, &cv, 1);
    placeholders(&c, 0, c.n);
    int n_dataset = c.n;
    if (c.n_ic_motions)
        hold_initial_conditions(&c, commands != NULL);
    if (commands) {
        c.path = commands;
        c.in_command = 1;
        c.n_dataset = c.n;
        int *frames = realloc(c.frame_id, (size_t)(c.n + acf.n + 1) * sizeof *frames);
        if (frames) {
            c.frame_id = frames;
            memset(frames + c.n, 0, (size_t)(acf.n + 1) * sizeof *frames);
        }
        coverage cmd = {NULL, 0};
        parse_all(&c, commands, &acf, adm_command_statements, &cmd, &first);
        /* the modify commands look up their dataset statements by name and id */
        map_all(&c, first, &cmd, 0);
        for (int i = 0; i < cmd.n; i++) {
            char name[40];
            snprintf(name, sizeof name, "(acf) %s", cmd.rows[i].name);
            coverage_row *r = row_of(&cv, name);
            if (r) {
                r->read += cmd.rows[i].read;
                r->converted += cmd.rows[i].converted;
                r->no_effect += cmd.rows[i].no_effect;
                r->refused += cmd.rows[i].refused;
            }
        }
        free(cmd.rows);
    }
    (void)n_dataset;
    static const mbs_scope NO_PARAMETERS = {NULL, NULL, 0, NULL, 0, NULL};
    for (int i = 0; i < out->n_elems; i++)
        mbs_spec_elem_defaults(&out->elems[i], &out->units, &NO_PARAMETERS, d, dataset);
    out->report = coverage_table(&cv);

    for (int i = 0; i < c.n; i++)
        adm_stmt_free(&c.st[i]);
    free(c.st);
    free(c.frame_id);
    free(c.ic_motions);
    free(cv.rows);
    adm_lexed_free(&adm);
    adm_lexed_free(&acf);
    free(acf_text);
    free(dataset);
    if (d->errors > errors_before || st != MBS_OK) {
        out->checkable = 1;
        return MBS_E_INPUT;
    }
    return MBS_OK;
}
