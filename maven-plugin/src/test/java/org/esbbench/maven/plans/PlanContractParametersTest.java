package org.esbbench.maven.plans;

import static org.assertj.core.api.Assertions.assertThat;
import static org.esbbench.maven.plans.PlanFixtures.check;
import static org.esbbench.maven.plans.PlanFixtures.plan;

import java.util.Set;

import org.junit.jupiter.api.Test;

/** Rule 2: the parameters the suite passes are read with __P. */
class PlanContractParametersTest {

    @Test
    void aHardCodedHoldTimeIgnoresTheSuitesHold() {
        PlanReport report = check("hold-hard-coded.jmx");

        assertThat(report.parametersRead()).doesNotContain("hold");
        assertThat(report.violations()).contains("plan hold-hard-coded.jmx: nothing reads -Jhold with ${__P(hold)},"
                + " so the suite's hold would be ignored; fix: set the Concurrency Thread Group's Hold Target Rate"
                + " Time to ${__P(hold,1200)}");
    }

    @Test
    void aTargetVariableWithALiteralValueDoesNotReadTheSuitesHost() {
        PlanReport report = check("host-literal-variable.jmx");

        assertThat(report.violations()).containsExactly("plan host-literal-variable.jmx: nothing reads -Jhost with"
                + " ${__P(host)}, so the suite's host would be ignored; fix: add host = ${__P(host,127.0.0.1)} to the"
                + " Test Plan's User Defined Variables and set the HTTP Request's Server Name or IP to ${host}");
    }

    @Test
    void aJmsPlanMustReadJmsUrlButNeedsNoHttpTarget() {
        assertThat(check("jms.jmx").violations()).isEmpty();

        assertThat(check("jms-url-literal-variable.jmx").violations()).containsExactly(
                "plan jms-url-literal-variable.jmx: nothing reads -JjmsUrl with ${__P(jmsUrl)}, so the suite's jmsUrl"
                        + " would be ignored; fix: add jmsUrl = ${__P(jmsUrl,tcp://127.0.0.1:61616)} to the Test"
                        + " Plan's User Defined Variables and set the JMS Point-to-Point's Provider URL to ${jmsUrl}");
    }

    @Test
    void aPropertyTheSuiteDoesNotPassIsAWarningOnly() {
        PlanReport report = check("unknown-parameter.jmx");

        assertThat(report.passes()).isTrue();
        assertThat(report.parametersRead()).contains("thinkTime");
        assertThat(report.warnings()).containsExactly("plan unknown-parameter.jmx: reads -JthinkTime, which the suite"
                + " does not pass: its default applies");
    }

    @Test
    void theWarningFollowsTheSuitesParameters() {
        PlanContract contract = new PlanContract(Set.of("host", "port", "path", "users", "rampup", "hold", "rate",
                "duration"));

        assertThat(contract.check(plan("compliant.jmx")).warnings()).containsExactlyInAnyOrder(
                "plan compliant.jmx: reads -Jprotocol, which the suite does not pass: its default applies",
                "plan compliant.jmx: reads -Jsize, which the suite does not pass: its default applies",
                "plan compliant.jmx: reads -JpayloadDir, which the suite does not pass: its default applies");
    }

    @Test
    void readsFindsEveryPCallWithOrWithoutDefault() {
        assertThat(ActivePlan.propertiesRead("${__P(users,10)} ${__P(rate)} ${__P( size , 1)} ${__P(${name})}"
                + " ${__property(other)} __P(noDollar)")).containsExactly("users", "rate", "size");
        assertThat(ActivePlan.propertiesRead("${__P(usersX,1)}")).containsExactly("usersX");
    }
}
