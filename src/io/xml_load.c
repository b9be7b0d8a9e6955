/* The XML document loaded safely, normalised and validated against the
 * schema (xml_load.h). */
#include "xml_load.h"
#include "reader.h"
#include "schema.h"
#include "../core/strutil.h"
#include "../model/registry.h"

#include <ctype.h>
#include <errno.h>
#include <limits.h>
#include <stdint.h>
#include <libxml/parser.h>
#include <libxml/xmlschemas.h>
#include <libxml/xmlversion.h>

/* libxml2 2.12 made the error handed to structured error handlers const;
 * the one place that knows. */
#if LIBXML_VERSION >= 21200
typedef const xmlError *mbs_xml_error;
#else
typedef xmlErrorPtr mbs_xml_error;
#endif
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---- file ---------------------------------------------------------------- */

/* "UTF-32" or "UTF-16" when the file starts as text in one of them would
 * (a byte order mark, or '<' with NUL bytes around it), else NULL. UTF-32
 * first: its little-endian mark FF FE 00 00 begins with UTF-16's. */
static const char *wide_encoding(const unsigned char *s, size_t n)
{
    if (n >= 4 && ((s[0] == 0xFF && s[1] == 0xFE && s[2] == 0 && s[3] == 0) ||
                   (s[0] == 0 && s[1] == 0 && s[2] == 0xFE && s[3] == 0xFF) ||
                   (s[0] == '<' && s[1] == 0 && s[2] == 0 && s[3] == 0) ||
                   (s[0] == 0 && s[1] == 0 && s[2] == 0 && s[3] == '<')))
        return "UTF-32";
    if (n >= 2 && ((s[0] == 0xFF && s[1] == 0xFE) || (s[0] == 0xFE && s[1] == 0xFF) || (s[0] == '<' && s[1] == 0) ||
                   (s[0] == 0 && s[1] == '<')))
        return "UTF-16";
    return NULL;
}

mbs_status mbs_xml_read_file(const char *path, char **text, size_t *len, mbs_diags *d)
{
    FILE *f = fopen(path, "rb");
    if (!f) {
        mbs_diag_add(d, MBS_SEV_ERROR, path, 0, "cannot open model file: %s", strerror(errno));
        return MBS_E_INPUT;
    }
    mbs_buf b;
    mbs_buf_init(&b);
    char chunk[65536];
    size_t n;
    size_t total = 0;
    while ((n = fread(chunk, 1, sizeof chunk - 1, f)) > 0) {
        chunk[n] = '\0';
        if (memchr(chunk, '\0', n)) {
            /* the text is kept as a C string (and written to the results) */
            const char *wide = total == 0 ? wide_encoding((const unsigned char *)chunk, n) : NULL;
            fclose(f);
            mbs_buf_free(&b);
            if (wide)
                mbs_diag_add(d, MBS_SEV_ERROR, path, 0, "the file is %s; save it as UTF-8", wide);
            else
                mbs_diag_add(d, MBS_SEV_ERROR, path, 0, "not a text file (contains NUL bytes)");
            return MBS_E_INPUT;
        }
        if (total + n > INT_MAX) { /* libxml2 takes the length as an int */
            fclose(f);
            mbs_buf_free(&b);
            mbs_diag_add(d, MBS_SEV_ERROR, path, 0, "model file is too large (over 2 GB)");
            return MBS_E_INPUT;
        }
        mbs_buf_append(&b, chunk);
        total += n;
    }
    int failed = ferror(f) ? errno : 0;
    fclose(f);
    if (failed) {
        mbs_buf_free(&b);
        mbs_diag_add(d, MBS_SEV_ERROR, path, 0, "cannot read model file: %s", strerror(failed));
        return MBS_E_INPUT;
    }
    if (total == 0) {
        mbs_buf_free(&b);
        mbs_diag_add(d, MBS_SEV_ERROR, path, 0, "model file is empty");
        return MBS_E_INPUT;
    }
    *text = b.data;
    *len = total;
    return MBS_OK;
}

/* ---- parsing --------------------------------------------------------------- */

/* Model files name no other file: any attempt to load an external entity,
 * DTD or schema through libxml2's loader is refused. */
static xmlParserInputPtr refuse_external(const char *url, const char *id, xmlParserCtxtPtr ctxt)
{
    (void)url;
    (void)id;
    (void)ctxt;
    return NULL;
}

typedef struct error_sink {
    mbs_diags *d;
    const char *path;
    int reported;
    int doctype_line; /* > 0: a DOCTYPE was met there and parsing stopped */
} error_sink;

/* One line: drops the trailing newline and full stop, joins inner lines. */
static void strip_newline(char *s)
{
    size_t n = strlen(s);
    while (n > 0 && (s[n - 1] == '\n' || s[n - 1] == '.' || s[n - 1] == ' '))
        s[--n] = '\0';
    for (char *p = s; *p; p++)
        if (*p == '\n' || *p == '\r')
            *p = ' ';
}

static void on_parse_error(void *user, mbs_xml_error err)
{
    error_sink *sink = user;
    if (err->level < XML_ERR_ERROR || sink->reported || sink->doctype_line)
        return; /* only the first error of a malformed file is meaningful */
    char *msg = mbs_strdup(err->message ? err->message : "parse error");
    strip_newline(msg);
    if (err->code == XML_ERR_INTERNAL_ERROR && strstr(msg, "Excessive depth")) {
        free(msg);
        msg = mbs_strdup("elements are nested too deeply (more than 256 levels)");
    } else if (strstr(msg, "Input is not proper UTF-8")) {
        const char *bytes = strstr(msg, "Bytes: ");
        char *better = mbs_sprintf_alloc("the text is not UTF-8 (bytes %s); save it as UTF-8 or declare its "
                                         "encoding, as in <?xml version=\"1.0\" encoding=\"ISO-8859-1\"?>",
                                         bytes ? bytes + strlen("Bytes: ") : "?");
        free(msg);
        msg = better;
    }
    mbs_diag_add(sink->d, MBS_SEV_ERROR, sink->path, err->line > 0 ? err->line : 1,
                 "malformed XML: %s", msg);
    free(msg);
    sink->reported = 1;
}

int mbs_xml_line(xmlNodePtr node)
{
    if (node->type == XML_ELEMENT_NODE && node->_private)
        return (int)(intptr_t)node->_private; /* set by mark_start_lines */
    long line = xmlGetLineNo(node);
    return line > 0 ? (int)line : 0;
}

/* libxml2 dates an element by the end of its start tag (the last line of a
 * tag spread over several) and loses the lines of elements past 65535. The
 * line where each start tag begins is found in the text instead: start tags
 * appear in document order, and a '<' inside one is impossible (attribute
 * values cannot hold it), so each is the next '<' that does not open a
 * comment, CDATA section, processing instruction or end tag. */
typedef struct line_scan {
    const char *text;
    size_t len, pos;
    int line;
} line_scan;

static void scan_to(line_scan *s, size_t to)
{
    for (; s->pos < to && s->pos < s->len; s->pos++)
        s->line += s->text[s->pos] == '\n';
}

/* Moves past the next occurrence of `end`; 0 if there is none. */
static int scan_past(line_scan *s, const char *end)
{
    size_t n = strlen(end);
    for (size_t i = s->pos; i + n <= s->len; i++)
        if (memcmp(s->text + i, end, n) == 0) {
            scan_to(s, i + n);
            return 1;
        }
    return 0;
}

static int next_start_tag(line_scan *s)
{
    for (;;) {
        const char *lt = s->pos < s->len ? memchr(s->text + s->pos, '<', s->len - s->pos) : NULL;
        if (!lt)
            return 0;
        scan_to(s, (size_t)(lt - s->text));
        size_t rest = s->len - s->pos;
        const char *end = NULL;
        if (rest >= 4 && memcmp(lt, "<!--", 4) == 0)
            end = "-->";
        else if (rest >= 9 && memcmp(lt, "<![CDATA[", 9) == 0)
            end = "]]>";
        else if (rest >= 2 && lt[1] == '?')
            end = "?>";
        else if (rest >= 2 && (lt[1] == '/' || lt[1] == '!'))
            end = ">";
        if (!end) {
            scan_to(s, s->pos + 1);
            return 1;
        }
        scan_to(s, s->pos + 1);
        if (!scan_past(s, end))
            return 0;
    }
}

static void mark_start_lines(xmlNodePtr node, line_scan *s)
{
    for (; node; node = node->next) {
        if (node->type != XML_ELEMENT_NODE)
            continue;
        if (!next_start_tag(s))
            return;
        node->_private = (void *)(intptr_t)s->line;
        mark_start_lines(node->children, s);
    }
}

static void init_libxml(void)
{
    static int done;
    if (done)
        return;
    xmlInitParser();
    xmlSetExternalEntityLoader(refuse_external);
    done = 1;
}

/* A DOCTYPE is refused as soon as the parser meets it, before any entity
 * is declared or expanded (external entities, billion laughs). */
static void on_doctype(void *ctx, const xmlChar *name, const xmlChar *public_id, const xmlChar *system_id)
{
    (void)name;
    (void)public_id;
    (void)system_id;
    xmlParserCtxtPtr ctxt = ctx;
    error_sink *sink = ctxt->_private;
    sink->doctype_line = ctxt->input && ctxt->input->line > 0 ? ctxt->input->line : 1;
    xmlStopParser(ctxt);
}

static xmlDocPtr parse(const char *path, const char *text, size_t len, mbs_diags *d)
{
    error_sink sink = {d, path, 0, 0};
    xmlParserCtxtPtr ctxt = xmlNewParserCtxt();
    if (!ctxt) {
        mbs_diag_add(d, MBS_SEV_ERROR, path, 0, "out of memory while parsing");
        return NULL;
    }
    ctxt->sax->internalSubset = on_doctype;
    ctxt->_private = &sink;
    xmlSetStructuredErrorFunc(&sink, on_parse_error);
    /* NONET: no network; no NOENT (entities are not substituted), no
     * DTDLOAD/DTDATTR (no external DTD). BIG_LINES keeps line numbers past
     * 65535 exact. */
    xmlDocPtr doc = xmlCtxtReadMemory(ctxt, text, (int)len, path, NULL,
                                      XML_PARSE_NONET | XML_PARSE_BIG_LINES | XML_PARSE_NOWARNING);
    xmlSetStructuredErrorFunc(NULL, NULL);
    xmlFreeParserCtxt(ctxt);
    if (sink.doctype_line) {
        xmlFreeDoc(doc);
        mbs_diag_add(d, MBS_SEV_ERROR, path, sink.doctype_line,
                     "DOCTYPE declarations are not allowed in model files (no DTDs, no entities)");
        return NULL;
    }
    if (!doc) {
        if (!sink.reported)
            mbs_diag_add(d, MBS_SEV_ERROR, path, 1, "malformed XML");
        return NULL;
    }
    if (!xmlDocGetRootElement(doc)) {
        mbs_diag_add(d, MBS_SEV_ERROR, path, 1, "malformed XML: no root element");
        xmlFreeDoc(doc);
        return NULL;
    }
    return doc;
}

/* ---- normalisation ----------------------------------------------------------- */

static const mbs_kind *kind_of(xmlNodePtr node)
{
    return node->type == XML_ELEMENT_NODE ? mbs_registry_find((const char *)node->name) : NULL;
}

static void describe_node(xmlNodePtr node, char *out, size_t size);

/* Lower-cases attribute names (dropping a second spelling of one name after
 * reporting it); upper-cases and trims keyword values. */
static void normalise_attributes(xmlNodePtr node, const mbs_kind *kind, error_sink *sink)
{
    xmlAttrPtr next;
    for (xmlAttrPtr a = node->properties; a; a = next) {
        next = a->next;
        char *name = mbs_strdup((const char *)a->name);
        mbs_str_lower(name);
        int twice = 0;
        for (xmlAttrPtr b = node->properties; b != a; b = b->next)
            twice |= strcmp((const char *)b->name, name) == 0;
        if (twice) {
            char what[256];
            describe_node(node, what, sizeof what);
            char *first = mbs_str_shown(name, MBS_SHOWN_NAME), *again = mbs_str_shown((const char *)a->name, MBS_SHOWN_NAME);
            mbs_diag_add(sink->d, MBS_SEV_ERROR, sink->path, mbs_xml_line(node),
                         "%s: attribute '%s' is given twice (again as '%s'; attribute names are not case-sensitive)",
                         what, first ? first : "", again ? again : "");
            free(first);
            free(again);
            free(name);
            xmlRemoveProp(a);
            continue;
        }
        xmlNodeSetName((xmlNodePtr)a, (const xmlChar *)name);
        const mbs_attr *desc = kind ? mbs_kind_attr(kind, name) : NULL;
        free(name);
        if (desc && (desc->type == MBS_ATTR_KEYWORD || desc->type == MBS_ATTR_BOOL)) {
            xmlChar *value = xmlNodeGetContent((xmlNodePtr)a);
            char *v = mbs_strdup((const char *)value);
            xmlFree(value);
            mbs_str_trim(v);
            mbs_str_upper(v);
            xmlNodeSetContent((xmlNodePtr)a, (const xmlChar *)v);
            free(v);
        }
    }
}

static const char *canonical_container(const char *name)
{
    static const char *names[] = {MBS_PARAMETERS_NAME, MBS_PARAMETER_NAME, MBS_MODEL_NAME, MBS_COMMAND_NAME};
    for (int i = 0; i < 4; i++)
        if (mbs_strcaseeq(names[i], name))
            return names[i];
    return NULL;
}

static int is_blank_text(xmlNodePtr node)
{
    return node->type == XML_TEXT_NODE && xmlIsBlankNode(node);
}

/* The element kind of that name: names are matched case-insensitively, as
 * MotionSolve does; NULL for none. */
static const mbs_kind *kind_named(const char *name)
{
    for (const mbs_kind *const *k = mbs_registry(); *k; k++)
        if (mbs_strcaseeq((*k)->name, name))
            return *k;
    return NULL;
}

static void normalise_element(xmlNodePtr node, error_sink *sink)
{
    node->ns = NULL; /* names are matched without namespaces (the schema has none) */
    const char *name = (const char *)node->name;
    const char *container = canonical_container(name);
    const mbs_kind *kind = container ? NULL : kind_named(name);
    if (container)
        xmlNodeSetName(node, (const xmlChar *)container);
    else if (kind)
        xmlNodeSetName(node, (const xmlChar *)kind->name);
    normalise_attributes(node, kind, sink);
    xmlNodePtr next;
    for (xmlNodePtr c = node->children; c; c = next) {
        next = c->next;
        if (c->type == XML_ELEMENT_NODE)
            normalise_element(c, sink);
        else if (is_blank_text(c)) {
            /* layout only; the schema would refuse it in an element without content */
            xmlUnlinkNode(c);
            xmlFreeNode(c);
        }
    }
}

/* The root element's own name is free (MotionSolve files use their own),
 * but a root named like a block of a model file or like one element is a
 * piece of a model (MotionSolve's reference guide shows commands and
 * elements so): one message saying so, where validation would otherwise
 * complain about every child as misplaced. */
static int root_is_a_piece(xmlNodePtr root, error_sink *sink)
{
    const char *name = (const char *)root->name;
    const char *container = canonical_container(name);
    if (container ? strcmp(container, MBS_MODEL_NAME) == 0 : !kind_named(name))
        return 0; /* a bare <Model> root is a whole model (normalise wraps it); any other name is free */
    char *shown = mbs_str_shown(name, MBS_SHOWN_NAME);
    if (container && strcmp(container, MBS_COMMAND_NAME) == 0)
        mbs_diag_add(sink->d, MBS_SEV_ERROR, sink->path, mbs_xml_line(root),
                     "the root element is <%s>: a command block alone is not a model file; mbsim reads the "
                     "commands from the model file itself, in <" MBS_COMMAND_NAME "> after <" MBS_MODEL_NAME
                     "> under one root element",
                     shown);
    else
        mbs_diag_add(sink->d, MBS_SEV_ERROR, sink->path, mbs_xml_line(root),
                     "the root element is <%s>: that is a piece of a model file, not a model; a model file's "
                     "root element holds <" MBS_MODEL_NAME "> (the elements) and <" MBS_COMMAND_NAME
                     "> (the analyses, optional)",
                     shown);
    free(shown);
    return 1;
}

static void normalise(xmlDocPtr doc, error_sink *sink)
{
    xmlNodePtr root = xmlDocGetRootElement(doc);
    if (mbs_strcaseeq((const char *)root->name, MBS_MODEL_NAME)) {
        /* a bare <Model> root: wrap it so that it validates like a full file */
        xmlNodePtr wrapper = xmlNewDocNode(doc, NULL, (const xmlChar *)MBS_ROOT_NAME, NULL);
        wrapper->line = root->line;
        wrapper->_private = root->_private;
        xmlDocSetRootElement(doc, wrapper);
        xmlAddChild(wrapper, root);
        normalise_element(root, sink);
        return;
    }
    xmlNodeSetName(root, (const xmlChar *)MBS_ROOT_NAME);
    root->ns = NULL;
    for (xmlNodePtr c = root->children; c; c = c->next)
        if (c->type == XML_ELEMENT_NODE)
            normalise_element(c, sink);
}

/* ---- schema validation --------------------------------------------------------- */

/* "Body_Rigid 2 (label 'link')", "Parameter 'k'": as the compiler names elements. */
static void describe_node(xmlNodePtr node, char *out, size_t size)
{
    char *name = mbs_str_shown((const char *)node->name, MBS_SHOWN_NAME);
    if (strcmp((const char *)node->name, MBS_PARAMETER_NAME) == 0) {
        xmlChar *pname = xmlGetProp(node, (const xmlChar *)"name");
        char *shown = pname ? mbs_str_shown((const char *)pname, MBS_SHOWN_NAME) : NULL;
        if (shown)
            snprintf(out, size, "%s '%s'", name ? name : "", shown);
        else
            snprintf(out, size, "%s", name ? name : "");
        xmlFree(pname);
        free(shown);
        free(name);
        return;
    }
    xmlChar *id = xmlGetProp(node, (const xmlChar *)"id");
    xmlChar *label = xmlGetProp(node, (const xmlChar *)"label");
    long idv;
    /* an invalid id is the subject of the message, not a name */
    if (!id || mbs_parse_long((const char *)id, &idv) != 0 || idv <= 0 || idv > INT_MAX)
        idv = 0;
    mbs_describe_element(out, size, name ? name : "", (int)idv, (const char *)label);
    xmlFree(id);
    xmlFree(label);
    free(name);
}

/* Copies the text between the first pair of single quotes after `key`. */
static int quoted_after(const char *msg, const char *key, char *out, size_t size)
{
    const char *p = strstr(msg, key);
    if (!p)
        return 0;
    p = strchr(p + strlen(key), '\'');
    if (!p)
        return 0;
    const char *q = strchr(p + 1, '\'');
    if (!q)
        return 0;
    size_t n = (size_t)(q - p - 1);
    if (n >= size)
        n = size - 1;
    memcpy(out, p + 1, n);
    out[n] = '\0';
    return 1;
}

static const char *suggest_attribute(const mbs_kind *kind, const char *attr)
{
    const char *best = NULL;
    int best_d = 3;
    for (int i = 0; kind && i < kind->n_attrs; i++) {
        int dist = mbs_edit_distance(kind->attrs[i].name, attr);
        if (dist < best_d) {
            best_d = dist;
            best = kind->attrs[i].name;
        }
    }
    return best;
}

/* Where an element of this name may stand, for "belongs in" hints; 0 when
 * it is no element the format knows. */
static int home_of(const char *name, const mbs_kind *kind, char *out, size_t size)
{
    if (strcmp(name, MBS_PARAMETER_NAME) == 0) {
        snprintf(out, size, "<" MBS_PARAMETERS_NAME ">");
        return 1;
    }
    if (!kind)
        return 0;
    mbs_describe_placement(out, size, kind->placement, "<", ">");
    return 1;
}

/* The parent as the user sees it (the root's own name is not kept). */
static void place_of(xmlNodePtr node, char *out, size_t size)
{
    xmlNodePtr parent = node->parent;
    if (!parent || parent->type != XML_ELEMENT_NODE || parent == xmlDocGetRootElement(node->doc))
        snprintf(out, size, "directly inside the root element");
    else
        snprintf(out, size, "inside <%s>", (const char *)parent->name);
}

/* "A|B|C" -> "A, B, C" */
static char *list_choices(const char *choices)
{
    char *out = mbs_strdup(choices ? choices : "");
    mbs_buf b;
    mbs_buf_init(&b);
    for (char *tok = strtok(out, "|"); tok; tok = strtok(NULL, "|"))
        mbs_buf_appendf(&b, "%s%s", b.len ? ", " : "", tok);
    free(out);
    if (!b.data)
        mbs_buf_append(&b, "");
    return b.data;
}

static int blank(const char *s)
{
    for (; *s; s++)
        if (!isspace((unsigned char)*s))
            return 0;
    return 1;
}

/* An attribute value the schema refused. */
static char *bad_value(const char *what, const char *elem, const mbs_attr *desc, const char *attr, const char *value)
{
    if (desc && (desc->type == MBS_ATTR_KEYWORD || desc->type == MBS_ATTR_BOOL)) {
        char *choices = list_choices(desc->type == MBS_ATTR_BOOL ? "TRUE|FALSE" : mbs_attr_choices(desc));
        char *r = blank(value) ? mbs_sprintf_alloc("%s: %s is empty (expected one of %s)", what, attr, choices)
                               : mbs_sprintf_alloc("%s: %s='%s' is not one of %s", what, attr, value, choices);
        free(choices);
        return r;
    }
    const char *expected = "a valid value";
    if (desc && desc->type == MBS_ATTR_ID)
        expected = "a positive integer id";
    else if (desc && desc->type == MBS_ATTR_INT)
        expected = "an integer";
    else if (desc && (desc->type == MBS_ATTR_REAL || desc->type == MBS_ATTR_EXPR))
        expected = "a number or an expression";
    else if (strcmp(elem, MBS_PARAMETER_NAME) == 0 && strcmp(attr, "name") == 0)
        expected = "a valid name (a letter or '_', then letters, digits or '_')";
    else if (strcmp(elem, MBS_PARAMETER_NAME) == 0 && strcmp(attr, "value") == 0)
        expected = "a number or an expression";
    if (blank(value))
        return mbs_sprintf_alloc("%s: %s is empty (expected %s)", what, attr, expected);
    return mbs_sprintf_alloc("%s: %s='%s' is not %s", what, attr, value, expected);
}

/* The first text (or CDATA) child that is not white space. */
static xmlNodePtr text_child(xmlNodePtr node)
{
    for (xmlNodePtr c = node->children; c; c = c->next)
        if ((c->type == XML_TEXT_NODE || c->type == XML_CDATA_SECTION_NODE) && !xmlIsBlankNode(c))
            return c;
    return NULL;
}

/* The line of a text's first visible character. libxml2 dates a text node
 * by the line where it ends. */
static int text_line(xmlNodePtr text)
{
    int line = mbs_xml_line(text);
    xmlChar *content = xmlNodeGetContent(text);
    const char *p = (const char *)content;
    while (p && *p && isspace((unsigned char)*p))
        p++;
    for (; p && *p; p++)
        line -= *p == '\n';
    xmlFree(content);
    return line > 0 ? line : 1;
}

/* Rewrites libxml2's schema messages into mbsim's wording. */
static char *translate_schema_error(xmlNodePtr node, const char *raw)
{
    char what[256], attr[128], value[256], place[128];
    char *msg = mbs_strdup(raw);
    strip_newline(msg);
    char *result = NULL;
    const mbs_kind *kind = node ? kind_of(node) : NULL;
    /* names and values come from the file: shown escaped, and cut */
    char *name = mbs_str_shown(node ? (const char *)node->name : "", MBS_SHOWN_NAME);
    if (!name || !msg) {
        free(name);
        free(msg);
        return NULL;
    }
    if (node)
        describe_node(node, what, sizeof what);
    else
        snprintf(what, sizeof what, "model");

    if (strstr(msg, "is not allowed") && quoted_after(msg, "The attribute", attr, sizeof attr)) {
        const char *hint = suggest_attribute(kind, attr);
        result = hint ? mbs_sprintf_alloc("%s: unknown attribute '%s' (did you mean '%s'?)", what, attr, hint)
                      : mbs_sprintf_alloc("%s: unknown attribute '%s'", what, attr);
    } else if (strstr(msg, "is required but missing") && quoted_after(msg, "The attribute", attr, sizeof attr)) {
        result = mbs_sprintf_alloc("%s: missing required attribute '%s'", what, attr);
    } else if (strstr(msg, "This element is not expected") && node) {
        char home[160];
        int known = home_of(name, kind, home, sizeof home);
        int at_root = node->parent == xmlDocGetRootElement(node->doc);
        place_of(node, place, sizeof place);
        if (canonical_container(name) && strcmp(name, MBS_PARAMETER_NAME) != 0 && at_root)
            result = mbs_sprintf_alloc("<%s> is out of place: the root element holds <" MBS_PARAMETERS_NAME
                                       "> (optional), settings such as <Messaging> (optional), <" MBS_MODEL_NAME
                                       "> and <" MBS_COMMAND_NAME "> (optional), in this order, each block at "
                                       "most once", name);
        else if (kind && (kind->placement & MBS_AT_ROOT) && at_root)
            result = mbs_sprintf_alloc("%s directly inside the root element stands before <" MBS_MODEL_NAME
                                       "> (or inside <" MBS_MODEL_NAME "> or <" MBS_COMMAND_NAME ">)", what);
        else if (known)
            result = mbs_sprintf_alloc("%s is not allowed %s: it belongs in %s", what, place, home);
        else if (canonical_container(name))
            result = mbs_sprintf_alloc("<%s> is not allowed %s", name, place);
        else {
            const char *hint = mbs_registry_suggest(name);
            result = hint ? mbs_sprintf_alloc("unknown element '%s' (did you mean '%s'?)", name, hint)
                          : mbs_sprintf_alloc("unknown element '%s'", name);
        }
    } else if (strstr(msg, "Missing child element") && node) {
        result = mbs_sprintf_alloc("the model file has no <" MBS_MODEL_NAME "> block");
    } else if (strstr(msg, "Character content") && node) {
        xmlNodePtr text = text_child(node);
        xmlChar *content = text ? xmlNodeGetContent(text) : NULL;
        char *shown = mbs_strdup(content ? (const char *)content : "");
        xmlFree(content);
        mbs_str_trim(shown);
        if (strlen(shown) > 40)
            strcpy(shown + 37, "...");
        result = mbs_sprintf_alloc("text '%s' is not allowed inside <%s>", shown, name);
        free(shown);
    } else if (node && quoted_after(msg, "attribute", attr, sizeof attr) &&
               (quoted_after(msg, "The value", value, sizeof value) || quoted_after(msg, "': ", value, sizeof value))) {
        /* the value as the file has it (libxml2's message cuts it at a quote) */
        xmlChar *given = xmlGetProp(node, (const xmlChar *)attr);
        char *shown = mbs_str_shown(given ? (const char *)given : value, MBS_SHOWN_NAME);
        xmlFree(given);
        result = bad_value(what, (const char *)node->name, kind ? mbs_kind_attr(kind, attr) : NULL, attr,
                           shown ? shown : "");
        free(shown);
    }
    if (!result) {
        /* drop libxml2's "Element 'X'[, attribute 'a']: " prefix */
        const char *rest = strstr(msg, "': ");
        char *shown = mbs_str_shown(rest ? rest + 3 : msg, 4 * MBS_SHOWN_NAME);
        result = mbs_sprintf_alloc("%s: %s", what, shown ? shown : "");
        free(shown);
    }
    free(msg);
    free(name);
    return result;
}

static void on_schema_error(void *user, mbs_xml_error err)
{
    error_sink *sink = user;
    if (err->level < XML_ERR_ERROR)
        return;
    xmlNodePtr node = (err->node && ((xmlNodePtr)err->node)->type == XML_ELEMENT_NODE) ? err->node : NULL;
    const char *raw = err->message ? err->message : "invalid";
    if (node && strstr(raw, "Element content is not allowed") && xmlFirstElementChild(node)) {
        /* an element inside one that takes none: report the inner one */
        node = xmlFirstElementChild(node);
        raw = "This element is not expected";
    }
    int line = node ? mbs_xml_line(node) : err->line;
    if (node && strstr(raw, "Character content") && text_child(node))
        line = text_line(text_child(node)); /* the text's own line, not its element's */
    char *msg = translate_schema_error(node, raw);
    mbs_diag_add(sink->d, MBS_SEV_ERROR, sink->path, line, "%s", msg ? msg : "invalid (out of memory)");
    free(msg);
}

static void ignore_error(void *user, mbs_xml_error err)
{
    (void)user;
    (void)err;
}

static xmlSchemaPtr load_schema(void)
{
    static xmlSchemaPtr schema;
    if (schema)
        return schema;
    char *xsd = mbs_schema_text();
    if (!xsd)
        return NULL;
    xmlSchemaParserCtxtPtr pc = xmlSchemaNewMemParserCtxt(xsd, (int)strlen(xsd));
    xmlSchemaSetParserStructuredErrors(pc, ignore_error, NULL);
    schema = xmlSchemaParse(pc);
    xmlSchemaFreeParserCtxt(pc);
    free(xsd);
    return schema;
}

/* ---- every unknown element and attribute, in one pass ---------------------------
 * XML Schema validation gives up on the rest of a block after its first
 * unexpected element, so a deck with many unknown elements would need as
 * many rounds of editing as it has errors. Before the schema sees the
 * document, each block's elements are checked against the element tables:
 * every unknown element, misplaced element and unknown attribute is
 * reported (with its line) and taken out, and the schema then checks what
 * is left. */

/* Whether the element takes attributes its kind's table does not list: its
 * kind says so for every element, or for those of the types it names (the
 * `type` value is upper-cased by now). */
static int accepts_any_attribute(const mbs_kind *kind, xmlNodePtr node)
{
    for (int i = 0; i < kind->n_attrs; i++) {
        const mbs_attr *a = &kind->attrs[i];
        if (!(a->flags & MBS_ANY_ATTRIBUTE))
            continue;
        if (!a->choices)
            return 1;
        xmlChar *type = xmlGetProp(node, (const xmlChar *)"type");
        int listed = type && mbs_choice_index(a->choices, (const char *)type) >= 0;
        xmlFree(type);
        return listed;
    }
    return 0;
}

/* `command`: the element is a modify command (a model kind in <Command>),
 * which may give only what a command may change. */
static void prune_attributes(xmlNodePtr node, const mbs_kind *kind, int command, error_sink *sink)
{
    if (accepts_any_attribute(kind, node))
        return;
    xmlAttrPtr next;
    for (xmlAttrPtr a = node->properties; a; a = next) {
        next = a->next;
        const char *name = (const char *)a->name;
        const mbs_attr *desc = mbs_kind_attr(kind, name);
        if (strcmp(name, MBS_FULL_LABEL) == 0)
            continue;
        if (command && desc && !mbs_command_may_change(kind, name)) {
            char what[256];
            describe_node(node, what, sizeof what);
            mbs_diag_add(sink->d, MBS_SEV_ERROR, sink->path, mbs_xml_line(node),
                         "%s: a command in <Command> cannot change %s", what, name);
            xmlRemoveProp(a);
            continue;
        }
        if (desc && !(desc->flags & MBS_CONTENT))
            continue;
        char what[256];
        describe_node(node, what, sizeof what);
        const char *hint = suggest_attribute(kind, name);
        char *shown = mbs_str_shown(name, MBS_SHOWN_NAME); /* a hostile name may be long or hold controls */
        if (hint)
            mbs_diag_add(sink->d, MBS_SEV_ERROR, sink->path, mbs_xml_line(node),
                         "%s: unknown attribute '%s' (did you mean '%s'?)", what, shown ? shown : "", hint);
        else
            mbs_diag_add(sink->d, MBS_SEV_ERROR, sink->path, mbs_xml_line(node), "%s: unknown attribute '%s'", what,
                         shown ? shown : "");
        free(shown);
        xmlRemoveProp(a);
    }
}

static void prune_block(xmlNodePtr block, unsigned placement, error_sink *sink)
{
    if (!block)
        return;
    xmlNodePtr next;
    for (xmlNodePtr c = block->children; c; c = next) {
        next = c->next;
        if (c->type != XML_ELEMENT_NODE)
            continue;
        const char *name = (const char *)c->name;
        const mbs_kind *kind = kind_of(c);
        char what[256], place[128];
        if (!kind && canonical_container(name))
            continue; /* the document's structure is the schema's to check */
        if (!kind) {
            const char *hint = mbs_registry_suggest(name);
            char *shown = mbs_str_shown(name, MBS_SHOWN_NAME);
            if (hint)
                mbs_diag_add(sink->d, MBS_SEV_ERROR, sink->path, mbs_xml_line(c),
                             "unknown element '%s' (did you mean '%s'?)", shown ? shown : "", hint);
            else
                mbs_diag_add(sink->d, MBS_SEV_ERROR, sink->path, mbs_xml_line(c), "unknown element '%s'",
                             shown ? shown : "");
            free(shown);
        } else if (!(kind->placement & placement) && placement == MBS_IN_COMMAND && (kind->placement & MBS_MODIFIABLE)) {
            prune_attributes(c, kind, 1, sink); /* a modify command */
            continue;
        } else if (!(kind->placement & placement)) {
            describe_node(c, what, sizeof what);
            place_of(c, place, sizeof place);
            char home[160];
            home_of(name, kind, home, sizeof home);
            mbs_diag_add(sink->d, MBS_SEV_ERROR, sink->path, mbs_xml_line(c), "%s is not allowed %s: it belongs in %s",
                         what, place, home);
        } else {
            prune_attributes(c, kind, 0, sink);
            continue;
        }
        xmlUnlinkNode(c);
        xmlFreeNode(c);
    }
}

static void prune_unknown(xmlDocPtr doc, error_sink *sink)
{
    xmlNodePtr root = xmlDocGetRootElement(doc);
    prune_block(root, MBS_AT_ROOT, sink); /* settings MotionView writes before <Model> */
    for (xmlNodePtr c = root->children; c; c = c->next)
        if (c->type == XML_ELEMENT_NODE && strcmp((const char *)c->name, MBS_MODEL_NAME) == 0)
            prune_block(c, MBS_IN_MODEL, sink);
        else if (c->type == XML_ELEMENT_NODE && strcmp((const char *)c->name, MBS_COMMAND_NAME) == 0)
            prune_block(c, MBS_IN_COMMAND, sink);
}

static mbs_status validate(xmlDocPtr doc, error_sink *sink)
{
    xmlSchemaPtr schema = load_schema();
    if (!schema) {
        mbs_diag_add(sink->d, MBS_SEV_ERROR, NULL, 0, "internal error: the generated schema does not parse");
        return MBS_E_INPUT;
    }
    xmlSchemaValidCtxtPtr vc = xmlSchemaNewValidCtxt(schema);
    if (!vc)
        return MBS_E_NOMEM;
    xmlSchemaSetValidStructuredErrors(vc, on_schema_error, sink);
    int rc = xmlSchemaValidateDoc(vc, doc);
    xmlSchemaFreeValidCtxt(vc);
    return rc == 0 ? MBS_OK : MBS_E_INPUT;
}

/* XML's end-of-line handling (XML 1.0, section 2.11: CR LF and a lone CR
 * become LF), done before libxml2 sees the text, because libxml2 counts
 * lines by LF only: a file with CR line endings had every error on line 1.
 * NULL when the text has no CR (it is used as it is). */
static char *unix_line_ends(const char *text, size_t len, size_t *out_len)
{
    if (!memchr(text, '\r', len))
        return NULL;
    char *out = malloc(len + 1);
    if (!out)
        return NULL;
    size_t n = 0;
    for (size_t i = 0; i < len; i++) {
        if (text[i] != '\r')
            out[n++] = text[i];
        else if (i + 1 >= len || text[i + 1] != '\n')
            out[n++] = '\n';
    }
    out[n] = '\0';
    *out_len = n;
    return out;
}

mbs_status mbs_xml_load(const char *path, const char *text, size_t len, mbs_diags *d, xmlDocPtr *out)
{
    xmlDocPtr pruned = NULL;
    mbs_status st = mbs_xml_load_pruned(path, text, len, d, out, &pruned);
    if (pruned)
        xmlFreeDoc(pruned);
    return st;
}

mbs_status mbs_xml_load_pruned(const char *path, const char *text, size_t len, mbs_diags *d, xmlDocPtr *out,
                               xmlDocPtr *pruned)
{
    init_libxml();
    *out = NULL;
    size_t unix_len = 0;
    char *unix_text = unix_line_ends(text, len, &unix_len);
    if (unix_text) {
        text = unix_text;
        len = unix_len;
    }
    *pruned = NULL;
    xmlDocPtr doc = parse(path, text, len, d);
    if (!doc) {
        free(unix_text);
        return MBS_E_INPUT;
    }
    error_sink sink = {d, path, 0, 0};
    int errors_before = d->errors, first_diag = d->count;
    line_scan scan = {text, len, 0, 1};
    mark_start_lines(xmlDocGetRootElement(doc), &scan);
    free(unix_text);
    if (root_is_a_piece(xmlDocGetRootElement(doc), &sink)) {
        xmlFreeDoc(doc);
        return MBS_E_INPUT;
    }
    normalise(doc, &sink);
    prune_unknown(doc, &sink);
    int vocabulary_errors = d->errors - errors_before;
    mbs_status st = validate(doc, &sink);
    mbs_diags_sort_by_line(d, first_diag); /* the vocabulary's and the schema's messages, in file order */
    if (st == MBS_OK && vocabulary_errors > 0 && d->errors - errors_before == vocabulary_errors) {
        *pruned = doc; /* valid once the unknown names are out: it can still be checked further */
        return MBS_E_INPUT;
    }
    if (st != MBS_OK || d->errors > errors_before) {
        xmlFreeDoc(doc);
        return st != MBS_OK ? st : MBS_E_INPUT;
    }
    *out = doc;
    return MBS_OK;
}

const char *mbs_xml_library_version(void)
{
    return LIBXML_DOTTED_VERSION;
}
