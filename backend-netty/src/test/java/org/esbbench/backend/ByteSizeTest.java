package org.esbbench.backend;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class ByteSizeTest {
    @Test
    void parsesPlainBytesAndBinaryUnits() {
        assertThat(ByteSize.parse("1048576")).isEqualTo(1_048_576);
        assertThat(ByteSize.parse("512KiB")).isEqualTo(512 * 1024);
        assertThat(ByteSize.parse("100MiB")).isEqualTo(100L * 1024 * 1024);
        assertThat(ByteSize.parse("1g")).isEqualTo(1L << 30);
        assertThat(ByteSize.parse(" 2 mb ")).isEqualTo(2L << 20);
    }

    @Test
    void rejectsWhatIsNotASize() {
        assertThatThrownBy(() -> ByteSize.parse("ten megs")).hasMessageContaining("not a size: 'ten megs'");
        assertThatThrownBy(() -> ByteSize.parse("-1")).hasMessageContaining("not a size");
        assertThatThrownBy(() -> ByteSize.parse("99999999999999g")).hasMessageContaining("too large");
    }
}
