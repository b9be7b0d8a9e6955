/* Questions asked of an element kind's table (kind.h): its attributes,
 * keyword choices and family, an element described in messages. */
#include "kind.h"
#include "../core/strutil.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int mbs_kind_attr_index(const mbs_kind *k, const char *name)
{
    for (int i = 0; i < k->n_attrs; i++)
        if (strcmp(k->attrs[i].name, name) == 0)
            return i;
    return -1;
}

int mbs_command_may_change(const mbs_kind *k, const char *attr)
{
    if (!(k->placement & MBS_MODIFIABLE))
        return 0;
    if (!strcmp(attr, "id") || !strcmp(attr, "label"))
        return 1;
    const mbs_attr *a = mbs_kind_attr(k, attr);
    return a && (a->type == MBS_ATTR_EXPR || (a->flags & MBS_BY_COMMAND));
}

const mbs_attr *mbs_kind_attr(const mbs_kind *k, const char *name)
{
    int i = mbs_kind_attr_index(k, name);
    return i < 0 ? NULL : &k->attrs[i];
}

const char *mbs_family_name(mbs_family f)
{
    static const char *names[] = {"element", "body", "marker", "constraint", "motion", "force", "sensor",
                                  "graphic", "Reference_Variable", "Reference_Array", "Reference_String",
                                  "Reference_Spline", "Control_Diff", "Sensor_Event", "Control_PlantInput",
                                  "Control_PlantOutput", "Reference_Matrix", "Control_StateEqn", "Control_SISO"};
    return f < MBS_FAMILY_COUNT ? names[f] : "element";
}

int mbs_kind_has_type(const mbs_kind *k, const char *type)
{
    return k->element_types && type && mbs_choice_index(k->element_types, type) >= 0;
}

const char *mbs_attr_choices(const mbs_attr *a)
{
    return a->choices_fn ? a->choices_fn() : a->choices;
}

void mbs_describe_element(char *out, size_t size, const char *kind, int id, const char *label)
{
    int n = snprintf(out, size, "%s", kind);
    if (id > 0 && n >= 0 && (size_t)n < size)
        n += snprintf(out + n, size - (size_t)n, " %d", id);
    char *shown = label ? mbs_str_shown(label, MBS_SHOWN_NAME) : NULL;
    if (shown && n >= 0 && (size_t)n < size)
        snprintf(out + n, size - (size_t)n, " (label '%s')", shown);
    free(shown);
}
