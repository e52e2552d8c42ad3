package org.maestro.topology.cli;

import java.time.Duration;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import picocli.CommandLine.ITypeConverter;
import picocli.CommandLine.TypeConversionException;

/** Reads {@code 500ms}, {@code 90s}, {@code 2m}, {@code 1h30m} or plain seconds ({@code 60}) as a duration. */
public final class DurationConverter implements ITypeConverter<Duration> {

    private static final Pattern UNITS = Pattern.compile("(?:(\\d+)h)?(?:(\\d+)m(?!s))?(?:(\\d+)s)?(?:(\\d+)ms)?");

    @Override
    public Duration convert(String value) {
        String text = value.trim();
        if (text.matches("\\d+")) {
            return Duration.ofSeconds(Long.parseLong(text));
        }
        Matcher m = UNITS.matcher(text);
        if (text.isEmpty() || !m.matches()) {
            throw new TypeConversionException("'" + value + "' is not a duration; write e.g. 30s, 2m, 1h30m or 500ms");
        }
        Duration d = Duration.ZERO;
        d = m.group(1) == null ? d : d.plusHours(Long.parseLong(m.group(1)));
        d = m.group(2) == null ? d : d.plusMinutes(Long.parseLong(m.group(2)));
        d = m.group(3) == null ? d : d.plusSeconds(Long.parseLong(m.group(3)));
        d = m.group(4) == null ? d : d.plusMillis(Long.parseLong(m.group(4)));
        return d;
    }
}
