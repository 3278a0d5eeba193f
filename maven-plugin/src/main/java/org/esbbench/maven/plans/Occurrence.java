package org.esbbench.maven.plans;

import java.util.List;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * An element where it runs: the element and its ancestors from the Test Plan down, as JMeter runs them (a Module
 * Controller's ancestors are followed by the element it runs). One element can run at several places.
 */
public record Occurrence(PlanElement element, List<PlanElement> ancestors) {

    public Occurrence {
        ancestors = List.copyOf(ancestors);
    }

    /** Test names from the Test Plan down to the element, separated by {@code " > "}. */
    String path() {
        return Stream.concat(ancestors.stream(), Stream.of(element)).map(PlanElement::testname)
                .collect(Collectors.joining(" > "));
    }

    /** {@code <kind> '<testname>' (<path>)}. */
    String describe() {
        return element.kind() + " '" + element.testname() + "' (" + path() + ")";
    }

    public boolean runsWithin(PlanElement ancestor) {
        for (PlanElement a : ancestors) {
            if (a == ancestor) {
                return true;
            }
        }
        return false;
    }
}
