package org.esbbench.maven.engines;

import org.esbbench.maven.parameters.InvalidRunException;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class EnginesTest {

    private static Engines parse(String... kv) throws InvalidRunException {
        Map<String, String> p = new java.util.HashMap<>();
        for (int i = 0; i < kv.length; i += 2) {
            p.put(kv[i], kv[i + 1]);
        }
        return Engines.parse(p);
    }

    @Test
    void emptyIsOneLocalJMeterAsToday() throws InvalidRunException {
        Engines g = parse();
        assertThat(g.kind()).isEqualTo(Engines.Kind.NONE);
        assertThat(g.distributed()).isFalse();
        assertThat(g.ssl()).isTrue();
        assertThat(g.mode()).isEqualTo("StrippedBatch");
    }

    @Test
    void localStartsNEnginesOnLoopback() throws InvalidRunException {
        Engines g = parse("generators", "local:3", "generatorHeap", "256");
        assertThat(g.kind()).isEqualTo(Engines.Kind.LOCAL);
        assertThat(g.engines()).extracting(Engines.EngineAddress::id).containsExactly("engine-1", "engine-2", "engine-3");
        assertThat(g.clientAddress()).isEqualTo("127.0.0.1");
        assertThat(g.engineHeapMb(2048)).isEqualTo(256);
        assertThat(parse("generators", "local:1").engineHeapMb(2048)).isEqualTo(2048);
    }

    @Test
    void hostsGetIdsInOrderAndTheDefaultRegistryPort() throws InvalidRunException {
        Engines g = parse("generators", "10.0.0.5, gen-b.example:1100", "generatorMode", "strippedbatch");
        assertThat(g.kind()).isEqualTo(Engines.Kind.REMOTE);
        assertThat(g.engines()).containsExactly(new Engines.EngineAddress("engine-1", "10.0.0.5", 1099),
                new Engines.EngineAddress("engine-2", "gen-b.example", 1100));
        assertThat(g.mode()).isEqualTo("StrippedBatch");
    }

    @Test
    void refusesWhatCannotWorkInItsOwnWords() {
        assertThatThrownBy(() -> parse("generators", "local:0")).hasMessageContaining("local:N takes N from 1 to 16");
        assertThatThrownBy(() -> parse("generators", "local:x")).hasMessageContaining("local:N takes N");
        assertThatThrownBy(() -> parse("generators", "local:2,10.0.0.5")).hasMessageContaining("cannot be mixed");
        assertThatThrownBy(() -> parse("generators", "10.0.0.5,local:2")).hasMessageContaining("cannot be mixed");
        assertThatThrownBy(() -> parse("generators", "h1:1099,h1")).hasMessageContaining("h1:1099 is listed twice");
        assertThatThrownBy(() -> parse("generators", "h1:0")).hasMessageContaining("not a port");
        assertThatThrownBy(() -> parse("generators", "h1:70000")).hasMessageContaining("not a port");
        assertThatThrownBy(() -> parse("generators", "[::1]:1099")).hasMessageContaining("IPv6");
        assertThatThrownBy(() -> parse("generators", "fe80::1")).hasMessageContaining("IPv6");
        assertThatThrownBy(() -> parse("generators", "h1,,h2")).hasMessageContaining("empty entry");
        assertThatThrownBy(() -> parse("generators", "h1", "generatorSsl", "false"))
                .hasMessageContaining("local:N").hasMessageContaining("every interface without authentication");
        assertThatThrownBy(() -> parse("generatorSsl", "maybe")).hasMessageContaining("valid: true, false");
        assertThatThrownBy(() -> parse("generatorMode", "Standard")).hasMessageContaining("StrippedBatch, StrippedAsynch");
        assertThatThrownBy(() -> parse("generatorHeap", "10")).hasMessageContaining("at least 64");
        assertThatThrownBy(() -> parse("generatorClientAddress", "10.0.0.1:5000")).hasMessageContaining("without a port");
    }

    @Test
    void sslOffIsAllowedOnLoopbackAndCheckSaysWhatItOpens() throws InvalidRunException {
        Engines g = parse("generators", "local:2", "generatorSsl", "false");
        List<String> lines = g.checkLines(List.of(3, 10), List.of(100), true, false, 2);
        assertThat(lines).anySatisfy(l -> assertThat(l).contains("EVERY interface", "without authentication"));
        assertThat(lines).contains("users 3 over 2 engines: 2+1", "users 10 over 2 engines: 5+5");
    }

    @Test
    void checkWarnsOfAnIdleEngineAndOfMoreEnginesThanCores() throws InvalidRunException {
        Engines g = parse("generators", "local:3");
        List<String> lines = g.checkLines(List.of(2), List.of(), true, false, 2);
        assertThat(lines).contains("users 2 over 3 engines: 1+1+0");
        assertThat(lines).anySatisfy(l -> assertThat(l).contains("share of 0"));
        assertThat(lines).anySatisfy(l -> assertThat(l).contains("local:3 on 2 cores"));
    }
}
