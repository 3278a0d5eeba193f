package org.esbbench.maven.plans;

import java.net.URISyntaxException;
import java.net.URL;
import java.nio.file.Path;
import java.util.Set;

/** The fixture plans of src/test/resources/plans and a contract with the suite's parameters. */
final class PlanFixtures {

    static final Set<String> SUITE_PARAMETERS = Set.of("host", "port", "protocol", "path", "users", "rampup", "hold",
            "rate", "duration", "size", "payloadDir", "jmsUrl", "replyQueue");

    static final PlanContract CONTRACT = new PlanContract(SUITE_PARAMETERS);

    /** The path of the sampler of the fixtures' request fragment when the closed-model group runs it. */
    static final String CLOSED_SAMPLER = "HTTP Request 'direct' (direct > closed > send request > request > direct)";

    private PlanFixtures() {
    }

    static Path plan(String fileName) {
        URL url = PlanFixtures.class.getResource("/plans/" + fileName);
        if (url == null) {
            throw new IllegalArgumentException("no fixture plan " + fileName);
        }
        try {
            return Path.of(url.toURI());
        } catch (URISyntaxException e) {
            throw new IllegalStateException(e);
        }
    }

    static PlanReport check(String fileName) {
        return CONTRACT.check(plan(fileName));
    }
}
