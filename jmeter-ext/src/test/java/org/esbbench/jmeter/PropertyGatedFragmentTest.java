package org.esbbench.jmeter;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.apache.jmeter.JMeter;
import org.apache.jmeter.reporters.ResultCollector;
import org.apache.jmeter.testelement.TestPlan;
import org.apache.jmeter.util.JMeterUtils;
import org.apache.jorphan.collections.ListedHashTree;
import org.apache.jorphan.collections.SearchByClass;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

class PropertyGatedFragmentTest {

    private static final String GATE = "esbbenchTestGate";

    @BeforeAll
    static void jmeterProperties() {
        JMeterProperties.load();
    }

    @AfterEach
    void unset() {
        JMeterUtils.getJMeterProperties().remove(GATE);
    }

    /** A plan with a listener under the gate, converted the way JMeter prepares a run. */
    private static int listenersLeftAfterConversion() {
        return listenersLeftAfterConversion("", "", "");
    }

    private static int listenersLeftAfterConversion(String value, String unsetValue, String allowed) {
        ListedHashTree plan = new ListedHashTree();
        TestPlan testPlan = new TestPlan("plan");
        plan.add(testPlan);
        PropertyGatedFragment gate = new PropertyGatedFragment();
        gate.setGateProperty(GATE);
        gate.setGateValue(value);
        gate.setUnsetValue(unsetValue);
        gate.setAllowedValues(allowed);
        plan.add(testPlan, gate);
        plan.getTree(testPlan).add(gate, new ResultCollector());

        JMeter.convertSubTree(plan, true);

        SearchByClass<ResultCollector> search = new SearchByClass<>(ResultCollector.class);
        plan.traverse(search);
        return search.getSearchResults().size();
    }

    @Test
    void removesItsChildrenWhileThePropertyIsUnset() {
        assertThat(listenersLeftAfterConversion()).isZero();
    }

    @Test
    void removesItsChildrenWhenThePropertyIsBlank() {
        JMeterUtils.setProperty(GATE, "  ");

        assertThat(listenersLeftAfterConversion()).isZero();
    }

    @Test
    void keepsItsChildrenWhenThePropertyIsSet() {
        JMeterUtils.setProperty(GATE, "sut-host");

        assertThat(listenersLeftAfterConversion()).isEqualTo(1);
    }

    @Test
    void withAValueKeepsItsChildrenOnlyForThatValue() {
        JMeterUtils.setProperty(GATE, "Fresh ");

        assertThat(listenersLeftAfterConversion("fresh", "pool", "pool,fresh")).isEqualTo(1);
        assertThat(listenersLeftAfterConversion("pool", "pool", "pool,fresh")).isZero();
    }

    @Test
    void withAValueTakesTheUnsetValueWhileThePropertyIsUnset() {
        assertThat(listenersLeftAfterConversion("pool", "pool", "pool,fresh")).isEqualTo(1);
        assertThat(listenersLeftAfterConversion("fresh", "pool", "pool,fresh")).isZero();
    }

    @Test
    void refusesAValueOutsideTheAllowedOnesBeforeTheRun() {
        JMeterUtils.setProperty(GATE, "frsh");

        assertThatThrownBy(() -> listenersLeftAfterConversion("fresh", "pool", "pool, fresh"))
            .isInstanceOf(IllegalArgumentException.class)
            .hasMessageContaining(GATE).hasMessageContaining("frsh").hasMessageContaining("pool, fresh");
    }

    @Test
    void savesNothingExtraWhenTheValueFieldsAreBlank() {
        PropertyGatedFragment gate = new PropertyGatedFragment();
        gate.setGateProperty(GATE);
        gate.setGateValue("");
        gate.setUnsetValue("");
        gate.setAllowedValues("");

        assertThat(gate.getPropertyAsString(PropertyGatedFragment.GATE_VALUE, null)).isNull();
        assertThat(gate.getPropertyAsString(PropertyGatedFragment.ALLOWED_VALUES, null)).isNull();
    }
}
