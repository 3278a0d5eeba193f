package org.esbbench.maven.processes;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class ShellWordsTest {
    @Test
    void splitsLikeAShellWithoutRunningOne() throws Exception {
        assertThat(ShellWords.split("nginx -p ${work}/ -g 'daemon off;'  -c \"a b\\\"c\" x\\ y"))
                .containsExactly("nginx", "-p", "${work}/", "-g", "daemon off;", "-c", "a b\"c", "x y");
        assertThat(ShellWords.split("  ")).isEmpty();
        assertThat(ShellWords.split("a''b \"\"")).containsExactly("ab", "");
    }

    @Test
    void unbalancedQuotesAreErrors() {
        assertThatThrownBy(() -> ShellWords.split("nginx -g 'daemon off;")).hasMessageContaining("unbalanced single quote");
        assertThatThrownBy(() -> ShellWords.split("run \"x")).hasMessageContaining("unbalanced double quote");
    }
}
