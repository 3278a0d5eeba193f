package org.esbbench.report.profiles;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Map;
import org.junit.jupiter.api.Test;

class ProfileSettingsTest {

    @Test
    void offByDefaultAndWhenSaidSo() {
        assertThat(ProfileSettings.of(Map.of()).on()).isFalse();
        assertThat(ProfileSettings.of(Map.of("profile", "off")).on()).isFalse();
        assertThat(ProfileSettings.of(Map.of("profile", "  ")).on()).isFalse();
    }

    @Test
    void eachEventTakesAsyncProfilersDefaultInterval() {
        assertThat(ProfileSettings.of(Map.of("profile", "cpu")).describe()).isEqualTo("cpu every 10ms");
        assertThat(ProfileSettings.of(Map.of("profile", "ALLOC", "profileInterval", "auto")).describe())
                .isEqualTo("alloc every 512k");
        assertThat(ProfileSettings.of(Map.of("profile", "lock")).interval()).isEqualTo("10us");
        assertThat(ProfileSettings.of(Map.of("profile", "wall")).interval()).isEqualTo("50ms");
        assertThat(ProfileSettings.of(Map.of("profile", "cpu")).profiler()).isEqualTo(ProfileSettings.Choice.AUTO);
    }

    @Test
    void anIntervalIsReadAsItsEventMeasuresIt() {
        assertThat(ProfileSettings.of(Map.of("profile", "cpu", "profileInterval", "1ms")).interval()).isEqualTo("1ms");
        assertThat(ProfileSettings.of(Map.of("profile", "alloc", "profileInterval", "2m")).interval()).isEqualTo("2m");
        assertThatThrownBy(() -> ProfileSettings.of(Map.of("profile", "alloc", "profileInterval", "10ms")))
                .hasMessageContaining("-Dprofile=alloc").hasMessageContaining("512k");
        assertThatThrownBy(() -> ProfileSettings.of(Map.of("profile", "cpu", "profileInterval", "512k")))
                .hasMessageContaining("a time with its unit");
        assertThatThrownBy(() -> ProfileSettings.of(Map.of("profile", "cpu", "profileInterval", "10us")))
                .hasMessageContaining("100us to 10s");
        assertThatThrownBy(() -> ProfileSettings.of(Map.of("profile", "alloc", "profileInterval", "100")))
                .hasMessageContaining("1k to 1g");
    }

    @Test
    void aBadValueNamesWhatIsValid() {
        assertThatThrownBy(() -> ProfileSettings.checkEvent("heap"))
                .hasMessage("-Dprofile=heap: not a profile; give one of cpu, alloc, lock, wall, or off (the default)");
        assertThatThrownBy(() -> ProfileSettings.checkProfiler("perf"))
                .hasMessageContaining("auto").hasMessageContaining("async-profiler").hasMessageContaining("jfr");
        assertThatThrownBy(() -> ProfileSettings.checkInterval("often")).hasMessageContaining("-DprofileInterval=often");
        ProfileSettings.checkInterval("auto");
        ProfileSettings.checkInterval("250us");
        assertThat(ProfileSettings.of(Map.of("profile", "cpu", "profiler", "jfr")).profiler())
                .isEqualTo(ProfileSettings.Choice.JFR);
    }

    @Test
    void timesAreReadInNanoseconds() {
        assertThat(ProfileSettings.nanos("10ms")).contains(10_000_000L);
        assertThat(ProfileSettings.nanos("250us")).contains(250_000L);
        assertThat(ProfileSettings.nanos("2s")).contains(2_000_000_000L);
        assertThat(ProfileSettings.nanos("512k")).isEmpty();
    }
}
