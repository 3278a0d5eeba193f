package org.esbbench.maven.parameters;

import java.util.EnumSet;
import java.util.Set;

/**
 * One parameter a run or a goal accepts, as the catalogue declares it once: its property name ({@code -Dname}), the
 * default a build without it gets, a one-line description (the row of docs/parameters.md), how its value is checked
 * and what the suite does with it ({@link Trait}).
 *
 * @param check validates a value before any load; the message names the parameter and what is valid
 */
public record RunParameter(String name, String defaultValue, String description, Check check, Set<Trait> traits) {

    /** What the suite does with a parameter besides reading it. */
    public enum Trait {
        /** Part of the run's parameters: validated by check, recorded in the run folder, read back by later goals. */
        RECORDED,
        /** A dimension of the points: a list of values measures each. */
        DIMENSION,
        /** Passed to every plan as {@code -Jname=value} (the plans read it with {@code __P}). */
        TO_PLANS,
        /** A resumed run must agree with the stored value: a different one would measure another run. */
        RESUME_MATCHES
    }

    /** Validates one value of a parameter. */
    @FunctionalInterface
    public interface Check {
        Check ANY = (name, value) -> { };

        void check(String name, String value) throws InvalidRunException;
    }

    public RunParameter {
        traits = traits.isEmpty() ? Set.of() : Set.copyOf(EnumSet.copyOf(traits));
    }

    /** A parameter that is only read (a goal's switch), checked by {@link Check#ANY} until told otherwise. */
    public static RunParameter of(String name, String defaultValue, String description) {
        return new RunParameter(name, defaultValue, description, Check.ANY, Set.of());
    }

    public RunParameter checkedBy(Check c) {
        return new RunParameter(name, defaultValue, description, c, traits);
    }

    /** This parameter with more traits. */
    public RunParameter with(Trait... more) {
        EnumSet<Trait> all = traits.isEmpty() ? EnumSet.noneOf(Trait.class) : EnumSet.copyOf(traits);
        all.addAll(Set.of(more));
        return new RunParameter(name, defaultValue, description, check, all);
    }

    public boolean is(Trait trait) {
        return traits.contains(trait);
    }
}
