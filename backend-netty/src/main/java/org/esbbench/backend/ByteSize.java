package org.esbbench.backend;

import picocli.CommandLine;

import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** Parses sizes such as {@code 1048576}, {@code 512KiB}, {@code 100MiB}, {@code 1g} into bytes (binary units). */
public final class ByteSize implements CommandLine.ITypeConverter<Long> {
    private static final Pattern SIZE = Pattern.compile("(\\d+)\\s*([kmg]?)(i?b)?");

    public static long parse(String text) {
        Matcher matcher = SIZE.matcher(text.trim().toLowerCase(Locale.ROOT));
        if (!matcher.matches()) {
            throw new IllegalArgumentException("not a size: '" + text + "' (examples: 1048576, 512KiB, 100MiB, 1GiB)");
        }
        long number = Long.parseLong(matcher.group(1));
        int shift = switch (matcher.group(2)) {
            case "k" -> 10;
            case "m" -> 20;
            case "g" -> 30;
            default -> 0;
        };
        if (number > (Long.MAX_VALUE >> shift)) {
            throw new IllegalArgumentException("size too large: '" + text + "'");
        }
        return number << shift;
    }

    @Override
    public Long convert(String value) {
        try {
            return parse(value);
        } catch (IllegalArgumentException e) {
            throw new CommandLine.TypeConversionException(e.getMessage());
        }
    }
}
