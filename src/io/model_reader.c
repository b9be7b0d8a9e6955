/* From the validated document to the spec: parameters (with --set
 * overrides), units, then every element's attribute values by its table. */
#include "reader.h"
#include "../expr/expr.h"
#include "schema.h"
#include "spec_values.h"
#include "xml_load.h"
#include "../core/strutil.h"
#include "../model/registry.h"

#include <libxml/tree.h>
#include <limits.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct reader {
    const char *path;
    mbs_diags *d;
    mbs_spec *spec;
    const char **param_names; /* parallel to spec->params, for expression scopes */
    double *param_values;
} reader;

static char *get_attr(xmlNodePtr node, const char *name)
{
    xmlChar *v = xmlGetProp(node, (const xmlChar *)name);
    if (!v)
        return NULL;
    char *s = mbs_strdup((const char *)v);
    xmlFree(v);
    return s;
}

/* The element's text (NULL when it has none but white space). */
static char *get_content(xmlNodePtr node)
{
    xmlChar *v = xmlNodeGetContent(node);
    if (!v)
        return NULL;
    char *s = mbs_strdup((const char *)v);
    xmlFree(v);
    if (s && !*mbs_str_trim(s)) {
        free(s);
        return NULL;
    }
    return s;
}

static xmlNodePtr child_named(xmlNodePtr parent, const char *name)
{
    for (xmlNodePtr c = parent->children; c; c = c->next)
        if (c->type == XML_ELEMENT_NODE && strcmp((const char *)c->name, name) == 0)
            return c;
    return NULL;
}

static mbs_scope param_scope(const reader *r)
{
    mbs_scope s = {r->param_names, r->param_values, r->spec->n_params, NULL, 0, NULL};
    return s;
}

/* Evaluates a number or an expression over the parameters declared so far. */
static int eval_constant(const reader *r, const char *text, double *out, char *err, size_t errsize)
{
    mbs_scope scope = param_scope(r);
    return mbs_spec_eval_constant(&scope, text, out, err, errsize);
}

/* ---- parameters -------------------------------------------------------------- */

static int add_param(reader *r, const char *name, double value, int line)
{
    mbs_spec *s = r->spec;
    mbs_parameter *p = realloc(s->params, (size_t)(s->n_params + 1) * sizeof *p);
    const char **names = realloc(r->param_names, (size_t)(s->n_params + 1) * sizeof *names);
    double *values = realloc(r->param_values, (size_t)(s->n_params + 1) * sizeof *values);
    if (p)
        s->params = p;
    if (names)
        r->param_names = names;
    if (values)
        r->param_values = values;
    if (!p || !names || !values)
        return -1;
    p[s->n_params] = (mbs_parameter){mbs_strdup(name), value, line, 0};
    names[s->n_params] = p[s->n_params].name;
    values[s->n_params] = value;
    s->n_params++;
    /* the names array points into params, which realloc may have moved */
    for (int i = 0; i < s->n_params; i++)
        r->param_names[i] = s->params[i].name;
    return 0;
}

static void declared_names(const mbs_spec *s, char *out, size_t size)
{
    size_t used = 0;
    out[0] = '\0';
    for (int i = 0; i < s->n_params && used < size; i++)
        used += (size_t)snprintf(out + used, size - used, "%s%s", i ? ", " : "", s->params[i].name);
    if (!s->n_params)
        snprintf(out, size, "none");
}

/* The line of a later <Parameter> whose name the message `err` says is
 * unknown, or 0. */
static int later_parameter(xmlNodePtr param, const char *err)
{
    const char *key = "unknown name '";
    const char *p = strstr(err, key);
    if (!p)
        return 0;
    p += strlen(key);
    const char *q = strchr(p, '\'');
    if (!q)
        return 0;
    for (xmlNodePtr c = param->next; c; c = c->next) {
        if (c->type != XML_ELEMENT_NODE)
            continue;
        char *name = get_attr(c, "name");
        int same = name && strlen(name) == (size_t)(q - p) && strncmp(name, p, (size_t)(q - p)) == 0;
        free(name);
        if (same)
            return mbs_xml_line(c);
    }
    return 0;
}

static void read_parameters(reader *r, xmlNodePtr block, const mbs_override *ov, int n_ov, int *used)
{
    if (!block)
        return;
    for (xmlNodePtr c = block->children; c; c = c->next) {
        if (c->type != XML_ELEMENT_NODE)
            continue;
        int line = mbs_xml_line(c);
        char *name = get_attr(c, "name");
        char *text = get_attr(c, "value");
        char err[512];
        double value = 0;
        const char *constant = mbs_expr_constant_named(name);
        if (!mbs_expr_valid_name(name)) {
            mbs_diag_add(r->d, MBS_SEV_ERROR, r->path, line,
                         "Parameter '%s': the name is reserved for TIME or a function", name);
        } else {
            if (constant)
                mbs_diag_add(r->d, MBS_SEV_NOTE, r->path, line,
                             "Parameter '%s' shadows the built-in constant %s: in this model's expressions %s, in "
                             "any case, is the parameter",
                             name, constant, name);
            for (int i = 0; i < r->spec->n_params; i++)
                if (strcmp(r->spec->params[i].name, name) == 0)
                    mbs_diag_add(r->d, MBS_SEV_ERROR, r->path, line,
                                 "Parameter '%s' is already declared on line %d", name, r->spec->params[i].line);
            if (eval_constant(r, text, &value, err, sizeof err) != 0) {
                int later = later_parameter(c, err);
                if (later)
                    mbs_diag_add(r->d, MBS_SEV_ERROR, r->path, line,
                                 "Parameter '%s': value: %s; it is declared later, on line %d (a parameter may use "
                                 "only those declared before it)", name, err, later);
                else
                    mbs_diag_add(r->d, MBS_SEV_ERROR, r->path, line, "Parameter '%s': value: %s", name, err);
            }
        }
        int overridden = 0;
        for (int k = 0; k < n_ov; k++)
            if (strcmp(ov[k].name, name) == 0) {
                used[k] = 1;
                if (eval_constant(r, ov[k].value, &value, err, sizeof err) != 0)
                    mbs_diag_add(r->d, MBS_SEV_ERROR, NULL, 0, "--set %s=%s: %s", ov[k].name, ov[k].value, err);
                overridden = 1;
            }
        add_param(r, name, value, line);
        r->spec->params[r->spec->n_params - 1].overridden = overridden;
        free(name);
        free(text);
    }
}

/* ---- attribute values ---------------------------------------------------------- */

static int parse_value(reader *r, const mbs_attr *a, const char *text, mbs_value *v, char *err, size_t errsize)
{
    mbs_scope scope = param_scope(r);
    return mbs_spec_parse_value(&r->spec->units, &scope, a, text, v, err, errsize);
}

static void describe(const mbs_spec_elem *e, char *out, size_t size)
{
    mbs_spec_describe(e, out, size);
}

static int read_element(reader *r, xmlNodePtr node, const mbs_kind *kind, mbs_spec_elem *e)
{
    e->kind = kind;
    e->line = mbs_xml_line(node);
    e->values = calloc((size_t)(kind->n_attrs > 0 ? kind->n_attrs : 1), sizeof *e->values);
    if (!e->values)
        return -1;
    char *id = get_attr(node, "id");
    long idv;
    if (id && mbs_parse_long(id, &idv) == 0 && idv > 0 && idv <= INT_MAX)
        e->id = (int)idv;
    free(id);
    e->label = get_attr(node, "label");

    for (int i = 0; i < kind->n_attrs; i++) {
        const mbs_attr *a = &kind->attrs[i];
        if (a->flags & MBS_ANY_ATTRIBUTE)
            continue;
        char *text = (a->flags & MBS_CONTENT) ? get_content(node) : get_attr(node, a->name);
        mbs_value *v = &e->values[i];
        char err[512];
        if (text) {
            v->present = v->set = 1;
            if (parse_value(r, a, text, v, err, sizeof err) != 0) {
                char what[256];
                describe(e, what, sizeof what);
                mbs_diag_add(r->d, MBS_SEV_ERROR, r->path, e->line, "%s: %s: %s", what, a->name, err);
            }
        } else if (a->def) {
            v->set = 1;
            if (parse_value(r, a, a->def, v, err, sizeof err) != 0)
                mbs_diag_add(r->d, MBS_SEV_ERROR, r->path, e->line,
                             "internal error: default of %s.%s: %s", kind->name, a->name, err);
        }
        free(text);
    }
    return 0;
}

static int count_elements(xmlNodePtr block)
{
    int n = 0;
    for (xmlNodePtr c = block ? block->children : NULL; c; c = c->next)
        n += c->type == XML_ELEMENT_NODE;
    return n;
}

/* Param_Unit must be known before any value is converted. */
static void read_units(reader *r, xmlNodePtr model)
{
    static const struct {
        const char *attr;
        mbs_base_unit which;
    } fields[] = {{"force_unit", MBS_UNIT_FORCE}, {"mass_unit", MBS_UNIT_MASS},
                  {"length_unit", MBS_UNIT_LENGTH}, {"time_unit", MBS_UNIT_TIME}};
    mbs_units_si(&r->spec->units);
    int seen = 0;
    for (xmlNodePtr c = model->children; c; c = c->next) {
        if (c->type != XML_ELEMENT_NODE || strcmp((const char *)c->name, "Param_Unit") != 0)
            continue;
        if (seen++) {
            mbs_diag_add(r->d, MBS_SEV_ERROR, r->path, mbs_xml_line(c), "Param_Unit is given more than once");
            continue;
        }
        int *slots[4] = {&r->spec->units.force, &r->spec->units.mass, &r->spec->units.length,
                         &r->spec->units.time};
        for (int i = 0; i < 4; i++) {
            char *v = get_attr(c, fields[i].attr);
            if (v) {
                int idx = mbs_unit_lookup(fields[i].which, v);
                if (idx >= 0)
                    *slots[i] = idx; /* unknown names were reported by the schema */
            }
            free(v);
        }
    }
}

static void read_block(reader *r, xmlNodePtr block, int in_command)
{
    if (!block)
        return;
    for (xmlNodePtr c = block->children; c; c = c->next) {
        if (c->type != XML_ELEMENT_NODE)
            continue;
        const mbs_kind *kind = mbs_registry_find((const char *)c->name);
        if (!kind)
            continue; /* a block in the root element (validation let nothing else through) */
        mbs_spec_elem *e = &r->spec->elems[r->spec->n_elems++];
        int errors_before = r->d->errors;
        read_element(r, c, kind, e);
        e->unreadable = r->d->errors > errors_before;
        e->in_command = in_command;
        /* a model element in <Command> modifies the one with its id */
        e->modify = in_command && !(kind->placement & MBS_IN_COMMAND);
    }
}

mbs_status mbs_read_model(const char *path, const mbs_override *ov, int n_ov, mbs_diags *d, mbs_spec *out)
{
    if (mbs_is_adams_path(path)) /* Adams datasets and command files: the same spec from another format */
        return mbs_read_adams(path, NULL, ov, n_ov, d, out);
    memset(out, 0, sizeof *out);
    out->path = mbs_strdup(path);
    mbs_units_si(&out->units);
    mbs_status st = mbs_xml_read_file(path, &out->source, &out->source_len, d);
    if (st != MBS_OK)
        return st;

    xmlDocPtr doc, pruned;
    st = mbs_xml_load_pruned(path, out->source, out->source_len, d, &doc, &pruned);
    if (st != MBS_OK && !pruned)
        return st;
    int vocabulary_errors = st != MBS_OK;
    if (vocabulary_errors)
        doc = pruned; /* read on: every other error is reported in the same pass */

    reader r = {path, d, out, NULL, NULL};
    xmlNodePtr root = xmlDocGetRootElement(doc);
    xmlNodePtr model = child_named(root, MBS_MODEL_NAME);
    xmlNodePtr command = child_named(root, MBS_COMMAND_NAME);
    int errors_before = d->errors;

    int *used = calloc((size_t)(n_ov > 0 ? n_ov : 1), sizeof *used);
    read_parameters(&r, child_named(root, MBS_PARAMETERS_NAME), ov, n_ov, used);
    for (int k = 0; k < n_ov; k++)
        if (!used[k]) {
            char names[1024];
            declared_names(out, names, sizeof names);
            mbs_diag_add(d, MBS_SEV_ERROR, NULL, 0, "--set %s: no parameter '%s' is declared in %s (declared: %s)",
                         ov[k].name, ov[k].name, path, names);
        }
    free(used);

    read_units(&r, model);
    int n = count_elements(root) + count_elements(model) + count_elements(command);
    out->elems = calloc((size_t)(n > 0 ? n : 1), sizeof *out->elems);
    if (!out->elems) {
        xmlFreeDoc(doc);
        return MBS_E_NOMEM;
    }
    read_block(&r, root, 0); /* settings before <Model>, as MotionView writes <Messaging>: as if in <Model> */
    read_block(&r, model, 0);
    read_block(&r, command, 1);

    free(r.param_names);
    free(r.param_values);
    xmlFreeDoc(doc);
    if (d->errors > errors_before || vocabulary_errors) {
        /* the document's structure is sound: compiling what could be read (the
         * unreadable elements left out) reports the model's other errors too */
        out->checkable = 1;
        return MBS_E_INPUT;
    }
    return MBS_OK;
}

mbs_status mbs_validate_text(const char *name, const char *xml_text, size_t len, mbs_diags *d)
{
    xmlDocPtr doc;
    mbs_status st = mbs_xml_load(name, xml_text, len, d, &doc);
    if (st == MBS_OK)
        xmlFreeDoc(doc);
    return st;
}
