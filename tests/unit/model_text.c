#define _DEFAULT_SOURCE /* mkstemps */
#include "model_text.h"
#include "../../src/core/strutil.h"
#include "../../src/io/reader.h"
#include "../../src/model/compile.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

mbs_status text_model_load(text_model *t, const char *xml, const char *const *sets, int compile)
{
    return text_model_load_as(t, xml, "", sets, compile);
}

mbs_status text_model_load_as(text_model *t, const char *xml, const char *suffix, const char *const *sets,
                              int compile)
{
    memset(t, 0, sizeof *t);
    mbs_diags_init(&t->diags);
    snprintf(t->path, sizeof t->path, "/tmp/mbsim_unit_XXXXXX%s", suffix);
    int fd = mkstemps(t->path, (int)strlen(suffix));
    if (fd < 0)
        return t->status = MBS_E_INPUT;
    size_t len = strlen(xml);
    int wrote = write(fd, xml, len) == (ssize_t)len;
    close(fd);
    if (!wrote)
        return t->status = MBS_E_INPUT;

    int n = 0;
    while (sets && sets[n])
        n++;
    mbs_override *ov = calloc((size_t)n + 1, sizeof *ov);
    for (int i = 0; i < n; i++) {
        const char *eq = strchr(sets[i], '=');
        ov[i].name = mbs_strndup(sets[i], (size_t)(eq - sets[i]));
        ov[i].value = mbs_strdup(eq + 1);
    }
    t->status = mbs_read_model(t->path, ov, n, &t->diags, &t->spec);
    if (t->status == MBS_OK && compile)
        t->status = mbs_compile(&t->spec, &t->diags, &t->model);
    for (int i = 0; i < n; i++) {
        free((char *)ov[i].name);
        free((char *)ov[i].value);
    }
    free(ov);
    return t->status;
}

void text_model_free(text_model *t)
{
    mbs_spec_free(&t->spec);
    mbs_model_free(t->model);
    mbs_diags_free(&t->diags);
    if (t->path[0])
        unlink(t->path);
    memset(t, 0, sizeof *t);
}

const char *text_model_error(const text_model *t, int i, char *buf, size_t size)
{
    buf[0] = '\0';
    for (int k = 0; k < t->diags.count; k++) {
        if (t->diags.items[k].severity != MBS_SEV_ERROR || i-- > 0)
            continue;
        char *line = mbs_diag_format(&t->diags.items[k]);
        const char *at = line ? strstr(line, t->path) : NULL;
        if (at)
            snprintf(buf, size, "%.*sMODEL%s", (int)(at - line), line, at + strlen(t->path));
        else
            snprintf(buf, size, "%s", line ? line : "");
        free(line);
        break;
    }
    return buf;
}

const mbs_spec_elem *text_model_elem(const text_model *t, const char *kind, int id)
{
    for (int i = 0; i < t->spec.n_elems; i++)
        if (strcmp(t->spec.elems[i].kind->name, kind) == 0 && t->spec.elems[i].id == id)
            return &t->spec.elems[i];
    return NULL;
}
