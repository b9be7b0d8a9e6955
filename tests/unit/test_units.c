/* Units (src/core/units.c): MotionSolve unit names, factors to SI (NIST SP 811)
 * and the unit text written next to every result column. */
#include "../support/harness.h"
#include "../../src/core/units.h"

#include <string.h>

static mbs_units units(const char *force, const char *mass, const char *length, const char *time)
{
    mbs_units u;
    u.force = mbs_unit_lookup(MBS_UNIT_FORCE, force);
    u.mass = mbs_unit_lookup(MBS_UNIT_MASS, mass);
    u.length = mbs_unit_lookup(MBS_UNIT_LENGTH, length);
    u.time = mbs_unit_lookup(MBS_UNIT_TIME, time);
    CHECK(u.force >= 0 && u.mass >= 0 && u.length >= 0 && u.time >= 0);
    return u;
}

static const char *text(const mbs_units *u, mbs_dim d, int angle)
{
    static char buf[64];
    mbs_units_format(u, d, angle, buf, sizeof buf);
    return buf;
}

TEST(unit_names_are_case_insensitive)
{
    CHECK(mbs_unit_lookup(MBS_UNIT_LENGTH, "millimeter") == mbs_unit_lookup(MBS_UNIT_LENGTH, "MILLIMETER"));
    CHECK(mbs_unit_lookup(MBS_UNIT_LENGTH, "Millimeter") >= 0);
    CHECK(mbs_unit_lookup(MBS_UNIT_LENGTH, "FURLONG") == -1);
    CHECK(mbs_unit_lookup(MBS_UNIT_MASS, "METER") == -1); /* a length is not a mass */
    CHECK(strcmp(mbs_unit_name(MBS_UNIT_FORCE, mbs_unit_lookup(MBS_UNIT_FORCE, "kilonewton")), "KILONEWTON") == 0);
    CHECK(strcmp(mbs_unit_symbol(MBS_UNIT_TIME, mbs_unit_lookup(MBS_UNIT_TIME, "MILLISECOND")), "ms") == 0);
    CHECK(strstr(mbs_unit_names(MBS_UNIT_LENGTH), "METER|MILLIMETER|") == mbs_unit_names(MBS_UNIT_LENGTH));
}

TEST(si_is_the_default)
{
    mbs_units u;
    mbs_units_si(&u);
    CHECK_NEAR(mbs_units_to_si(&u, DIM_STIFFNESS), 1.0, 0);
    CHECK(strcmp(mbs_unit_name(MBS_UNIT_FORCE, u.force), "NEWTON") == 0);
    CHECK(strcmp(mbs_unit_name(MBS_UNIT_MASS, u.mass), "KILOGRAM") == 0);
    CHECK(strcmp(mbs_unit_name(MBS_UNIT_LENGTH, u.length), "METER") == 0);
    CHECK(strcmp(mbs_unit_name(MBS_UNIT_TIME, u.time), "SECOND") == 0);
}

TEST(conversion_factors_to_si)
{
    mbs_units u = units("NEWTON", "GRAM", "MILLIMETER", "SECOND");
    CHECK_NEAR(mbs_units_to_si(&u, DIM_LENGTH), 1e-3, 1e-18);
    CHECK_NEAR(mbs_units_to_si(&u, DIM_MASS), 1e-3, 1e-18);
    CHECK_NEAR(mbs_units_to_si(&u, DIM_INERTIA), 1e-9, 1e-24);        /* g mm^2 */
    CHECK_NEAR(mbs_units_to_si(&u, DIM_STIFFNESS), 1e3, 1e-12);       /* N/mm */
    CHECK_NEAR(mbs_units_to_si(&u, DIM_TORQUE), 1e-3, 1e-18);         /* N mm */
    CHECK_NEAR(mbs_units_to_si(&u, DIM_ACCELERATION), 1e-3, 1e-18);   /* mm/s^2 */
    CHECK_NEAR(mbs_units_to_si(&u, DIM_ANGULAR_VELOCITY), 1.0, 0);    /* rad/s */
    CHECK_NEAR(mbs_units_to_si(&u, DIM_NONE), 1.0, 0);

    mbs_units v = units("KILONEWTON", "TONNE", "MILLIMETER", "MILLISECOND");
    CHECK_NEAR(mbs_units_to_si(&v, DIM_VELOCITY), 1.0, 1e-15);        /* mm/ms = m/s */
    CHECK_NEAR(mbs_units_to_si(&v, DIM_DAMPING), 1e3, 1e-10);         /* kN ms/mm = 1e3 N s/m */
    CHECK_NEAR(mbs_units_to_si(&v, DIM_ROT_DAMPING), 1e-3, 1e-18);    /* kN mm ms = 1e-3 N m s */

    mbs_units w = units("POUND_FORCE", "SLUG", "FOOT", "SECOND");
    CHECK_NEAR(mbs_units_to_si(&w, DIM_FORCE), 4.4482216152605, 1e-13);
    CHECK_NEAR(mbs_units_to_si(&w, DIM_LENGTH), 0.3048, 1e-16);
    /* a slug is the mass that 1 lbf accelerates at 1 ft/s^2 */
    CHECK_NEAR(mbs_units_to_si(&w, DIM_MASS), 4.4482216152605 / 0.3048, 1e-12);
    mbs_units x = units("NEWTON", "POUND_MASS", "INCH", "MINUTE");
    CHECK_NEAR(mbs_units_to_si(&x, DIM_MASS), 0.45359237, 1e-16);
    CHECK_NEAR(mbs_units_to_si(&x, DIM_VELOCITY), 0.0254 / 60.0, 1e-18);
}

TEST(unit_text_of_a_dimension)
{
    mbs_units si;
    mbs_units_si(&si);
    CHECK(strcmp(text(&si, DIM_NONE, 0), "1") == 0);
    CHECK(strcmp(text(&si, DIM_ANGLE, 1), "rad") == 0);
    CHECK(strcmp(text(&si, DIM_LENGTH, 0), "m") == 0);
    CHECK(strcmp(text(&si, DIM_VELOCITY, 0), "m/s") == 0);
    CHECK(strcmp(text(&si, DIM_ACCELERATION, 0), "m/s^2") == 0);
    CHECK(strcmp(text(&si, DIM_ANGULAR_VELOCITY, 1), "rad/s") == 0);
    CHECK(strcmp(text(&si, DIM_ANGULAR_VELOCITY, 0), "1/s") == 0);
    CHECK(strcmp(text(&si, DIM_INERTIA, 0), "kg*m^2") == 0);
    CHECK(strcmp(text(&si, DIM_TORQUE, 0), "N*m") == 0);
    CHECK(strcmp(text(&si, DIM_DAMPING, 0), "N*s/m") == 0);
    CHECK(strcmp(text(&si, DIM_POWER, 0), "N*m/s") == 0);
    mbs_units u = units("NEWTON", "GRAM", "MILLIMETER", "MILLISECOND");
    CHECK(strcmp(text(&u, DIM_STIFFNESS, 0), "N/mm") == 0);
    CHECK(strcmp(text(&u, DIM_ACCELERATION, 0), "mm/ms^2") == 0);
    CHECK(strcmp(text(&u, DIM_INERTIA, 0), "g*mm^2") == 0);
    CHECK(strcmp(text(&u, MBS_DIM(1, 0, 0, 0), 0), "N") == 0);
    /* several units below the line are grouped */
    CHECK(strcmp(text(&u, MBS_DIM(0, 1, -1, -2), 0), "g/(mm*ms^2)") == 0);
}

TEST(dimension_names_for_the_reference)
{
    char buf[64];
    mbs_dim_describe(DIM_NONE, buf, sizeof buf);
    CHECK(strcmp(buf, "-") == 0);
    mbs_dim_describe(DIM_STIFFNESS, buf, sizeof buf);
    CHECK(strcmp(buf, "force/length") == 0);
    mbs_dim_describe(DIM_INERTIA, buf, sizeof buf);
    CHECK(strcmp(buf, "mass*length^2") == 0);
    CHECK(mbs_dim_eq(DIM_TORQUE, DIM_ENERGY));
    CHECK(!mbs_dim_eq(DIM_TORQUE, DIM_FORCE));
}

TEST_SUITE(units, T(unit_names_are_case_insensitive), T(si_is_the_default), T(conversion_factors_to_si),
           T(unit_text_of_a_dimension), T(dimension_names_for_the_reference));
