package org.esbbench.maven.plans;

import static org.assertj.core.api.Assertions.assertThat;
import static org.esbbench.maven.plans.PlanFixtures.CLOSED_SAMPLER;
import static org.esbbench.maven.plans.PlanFixtures.check;

import org.junit.jupiter.api.Test;

/** Rule 5: no hard-coded target. */
class PlanContractTargetTest {

    @Test
    void aTargetFromVariablesPasses() {
        assertThat(check("compliant.jmx").violations()).isEmpty();
    }

    @Test
    void aHardCodedServerIsAViolationReportedOnceThoughTheSamplerRunsTwice() {
        assertThat(check("hard-coded-host.jmx").violations()).containsExactly("plan hard-coded-host.jmx: "
                + CLOSED_SAMPLER + ": Server Name or IP (HTTPSampler.domain) is hard-coded as 'esb.example.com', so"
                + " the suite's parameters cannot point it at the server under test; fix: set Server Name or IP to"
                + " ${host} (defined in the Test Plan's User Defined Variables as ${__P(host,127.0.0.1)}) or to"
                + " ${__P(host,127.0.0.1)}");
    }

    @Test
    void emptyFieldsMayComeFromHttpRequestDefaultsInScope() {
        assertThat(check("http-defaults.jmx").violations()).isEmpty();
    }

    @Test
    void httpRequestDefaultsThatHardCodeAFieldAreAViolation() {
        assertThat(check("http-defaults-hard-coded-port.jmx").violations()).containsExactly(
                "plan http-defaults-hard-coded-port.jmx: " + CLOSED_SAMPLER + ": Port Number (HTTPSampler.port) is"
                        + " empty and the HTTP Request Defaults 'HTTP Request Defaults' in its scope hard-codes it as"
                        + " '8280'; fix: in HTTP Request Defaults 'HTTP Request Defaults', set Port Number to ${port}"
                        + " (defined in the Test Plan's User Defined Variables as ${__P(port,8280)}) or to"
                        + " ${__P(port,8280)}");
    }

    @Test
    void anEmptyFieldWithoutDefaultsIsAViolation() {
        assertThat(check("empty-path.jmx").violations()).containsExactly("plan empty-path.jmx: " + CLOSED_SAMPLER
                + ": Path (HTTPSampler.path) is empty and no enabled HTTP Request Defaults in its scope sets it; fix:"
                + " set Path to ${path} (defined in the Test Plan's User Defined Variables as"
                + " ${__P(path,/services/YourProxy)}) or to ${__P(path,/services/YourProxy)}");
    }

    @Test
    void onlyTheFieldTheDefaultsHardCodeIsReported() {
        assertThat(check("http-defaults-hard-coded-port.jmx").violations())
                .noneMatch(line -> line.contains("HTTPSampler.domain") || line.contains("HTTPSampler.path"));
    }

    @Test
    void aJmsProviderUrlFromAVariablePasses() {
        assertThat(check("jms.jmx").violations()).isEmpty();
    }

    @Test
    void aHardCodedJmsProviderUrlIsAViolation() {
        assertThat(check("jms-hard-coded-url.jmx").violations()).containsExactly("plan jms-hard-coded-url.jmx: JMS"
                + " Point-to-Point 'jms' (direct > closed > send request > request > jms): Provider URL"
                + " (JMSSampler.contextProviderUrl) is hard-coded as 'tcp://broker.example:61616', so the suite's"
                + " -JjmsUrl cannot point it at the broker under test; fix: set Provider URL to ${jmsUrl} (with"
                + " jmsUrl = ${__P(jmsUrl,tcp://127.0.0.1:61616)} in the Test Plan's User Defined Variables) or to"
                + " ${__P(jmsUrl,tcp://127.0.0.1:61616)}");
    }

    @Test
    void aHardCodedJndiContextFactoryOrConnectionFactoryIsAWarning() {
        // The fixture names Artemis' factory and ConnectionFactory literally, as jmx/jms.jmx did before profiles
        // could name another broker's.
        assertThat(check("jms.jmx").warnings()).anySatisfy(line -> assertThat(line)
                .contains("JNDI Initial Context Factory (JMSSampler.initialContextFactory) is hard-coded as"
                        + " 'org.apache.activemq.artemis.jndi.ActiveMQInitialContextFactory'")
                .contains("jms.jndi.factory (-JjmsJndiFactory)"))
                .anySatisfy(line -> assertThat(line).contains("QueueConnection Factory (JMSSampler.queueconnectionfactory)"
                        + " is hard-coded as 'ConnectionFactory'"));
    }
}
