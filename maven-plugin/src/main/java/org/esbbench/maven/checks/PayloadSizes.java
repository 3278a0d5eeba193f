package org.esbbench.maven.checks;

import org.esbbench.core.Payloads;
import org.esbbench.core.Scenario;
import org.esbbench.maven.parameters.InvalidRunException;
import org.esbbench.maven.parameters.RunParameters;
import java.util.Arrays;
import java.util.stream.Collectors;

/** The run's payload sizes, each one the payload generator can make. */
public final class PayloadSizes {
    private PayloadSizes() {
    }

    /** Any size the generator can reach is fine; below the smallest possible envelope there is no payload. */
    public static void require(RunParameters plan) throws InvalidRunException {
        for (int size : plan.sizes()) {
            try {
                Payloads.soap(size);
                if (plan.scenarios().contains(Scenario.REST) || plan.plans().stream().anyMatch(p -> !p.isStandard())) {
                    Payloads.json(size);
                }
            } catch (IllegalArgumentException e) {
                throw new InvalidRunException("-Dsize=" + describeSizes(plan) + ": " + size + " B has no payload ("
                        + e.getMessage()
                        + "); standard sizes: " + Arrays.toString(Payloads.STANDARD_SIZES));
            }
        }
    }

    private static String describeSizes(RunParameters plan) {
        return plan.sizes().stream().map(String::valueOf).collect(Collectors.joining(","));
    }
}
