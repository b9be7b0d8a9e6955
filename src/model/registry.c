/* Every element kind the model format knows, in documentation order.
 * Adding a kind: write src/elements/<name>.c defining mbs_kind_<name>, and
 * add X(<name>) to MBS_KINDS below. */
#include "registry.h"
#include "../core/strutil.h"

#include <stdio.h>
#include <string.h>

/* One line per kind: X(name) refers to mbs_kind_<name> in src/elements/<name>.c. */
#define MBS_KINDS(X)          \
    X(param_unit)             \
    X(reference_variable)     \
    X(reference_array)        \
    X(reference_string)       \
    X(reference_spline)       \
    X(control_diff)           \
    X(reference_matrix)       \
    X(control_state_eqn)      \
    X(control_siso)           \
    X(body_rigid)             \
    X(body_point)             \
    X(body_mass1d)            \
    X(reference_marker)       \
    X(marker_coordinate)      \
    X(constraint_joint)       \
    X(constraint_jprim)       \
    X(constraint_coordinate)  \
    X(constraint_rolling_disc) \
    X(constraint_coupler)     \
    X(constraint_general)     \
    X(motion_joint)           \
    X(force_gravity)          \
    X(force_spring_damper)    \
    X(force_scalar_two_body)  \
    X(force_vector_one_body)  \
    X(force_vector_two_body)  \
    X(force_linear_spring_damper) \
    X(force_coordinate_spring_damper_ext) \
    X(force_joint_friction)   \
    X(force_bushing)          \
    X(force_contact)          \
    X(force_beam)             \
    X(force_coordinate)       \
    X(sensor_event)           \
    X(sensor)                 \
    X(post_request)           \
    X(post_graphic)           \
    X(control_plant_input)    \
    X(control_plant_output)   \
    X(param_transient)        \
    X(param_static)           \
    X(param_linear)           \
    X(param_simulation)       \
    X(messaging)              \
    X(res_output)             \
    X(h3d_output)             \
    X(simulate)               \
    X(deactivate)             \
    X(activate)               \
    X(stop)                   \
    X(save)                   \
    X(load_model)             \
    X(load_command)           \
    X(user_program_control)

#define DECLARE_KIND(name) extern const mbs_kind mbs_kind_##name;
#define LIST_KIND(name) &mbs_kind_##name,

MBS_KINDS(DECLARE_KIND)

static const mbs_kind *const KINDS[] = {MBS_KINDS(LIST_KIND) NULL};

const mbs_kind *const *mbs_registry(void)
{
    return KINDS;
}

const mbs_kind *mbs_registry_find(const char *name)
{
    for (const mbs_kind *const *k = KINDS; *k; k++)
        if (strcmp((*k)->name, name) == 0)
            return *k;
    return NULL;
}

const char *mbs_registry_suggest(const char *name)
{
    const char *best = NULL;
    int best_d = 4;
    for (const mbs_kind *const *k = KINDS; *k; k++) {
        int d = mbs_edit_distance((*k)->name, name);
        if (d < best_d) {
            best_d = d;
            best = (*k)->name;
        }
    }
    return best;
}

const char *mbs_registry_element_types(void)
{
    static char list[512];
    if (list[0])
        return list;
    size_t n = 0;
    for (const mbs_kind *const *k = KINDS; *k; k++) {
        const char *p = (*k)->element_types;
        while (p && *p) {
            const char *bar = strchr(p, '|');
            size_t len = bar ? (size_t)(bar - p) : strlen(p);
            char word[32];
            snprintf(word, sizeof word, "%.*s", (int)len, p);
            if (mbs_choice_index(list, word) < 0 && n + len + 2 < sizeof list) {
                n += (size_t)snprintf(list + n, sizeof list - n, "%s%s", n ? "|" : "", word);
            }
            p = bar ? bar + 1 : NULL;
        }
    }
    return list;
}
