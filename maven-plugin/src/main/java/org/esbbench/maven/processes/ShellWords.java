package org.esbbench.maven.processes;

import org.esbbench.maven.parameters.InvalidRunException;
import java.util.ArrayList;
import java.util.List;

/**
 * Splits a command line from a target profile into words as a POSIX shell would, without running a shell: blanks
 * separate words; 'single quotes' keep everything literally; "double quotes" keep blanks, with \" \\ \$ escaped;
 * a backslash outside quotes escapes the next character. No expansion, globbing, pipes or redirections: the words
 * become a process's arguments as they are (so nginx gets {@code -g 'daemon off;'} as one argument).
 */
public final class ShellWords {
    private ShellWords() {
    }

    public static List<String> split(String line) throws InvalidRunException {
        List<String> words = new ArrayList<>();
        StringBuilder word = new StringBuilder();
        boolean inWord = false;
        int i = 0;
        while (i < line.length()) {
            char c = line.charAt(i);
            if (c == '\'') {
                int end = line.indexOf('\'', i + 1);
                if (end < 0) {
                    throw new InvalidRunException("unbalanced single quote in: " + line);
                }
                word.append(line, i + 1, end);
                inWord = true;
                i = end + 1;
            } else if (c == '"') {
                i++;
                boolean closed = false;
                while (i < line.length()) {
                    char d = line.charAt(i);
                    if (d == '"') {
                        closed = true;
                        i++;
                        break;
                    }
                    if (d == '\\' && i + 1 < line.length() && "\"\\$`".indexOf(line.charAt(i + 1)) >= 0) {
                        word.append(line.charAt(i + 1));
                        i += 2;
                    } else {
                        word.append(d);
                        i++;
                    }
                }
                if (!closed) {
                    throw new InvalidRunException("unbalanced double quote in: " + line);
                }
                inWord = true;
            } else if (c == '\\') {
                if (i + 1 >= line.length()) {
                    throw new InvalidRunException("a lone backslash ends: " + line);
                }
                word.append(line.charAt(i + 1));
                inWord = true;
                i += 2;
            } else if (Character.isWhitespace(c)) {
                if (inWord) {
                    words.add(word.toString());
                    word.setLength(0);
                    inWord = false;
                }
                i++;
            } else {
                word.append(c);
                inWord = true;
                i++;
            }
        }
        if (inWord) {
            words.add(word.toString());
        }
        return words;
    }
}
