package org.maestro.common.cli;

import java.time.Duration;
import org.maestro.common.options.Durations;
import picocli.CommandLine.ITypeConverter;
import picocli.CommandLine.TypeConversionException;

/** Reads a command-line duration the way test parameters are read ({@link Durations}): 500ms, 90s, 10m, 1h30m. */
public final class DurationConverter implements ITypeConverter<Duration> {

    @Override
    public Duration convert(String value) {
        try {
            return Durations.parse(value);
        } catch (IllegalArgumentException e) {
            throw new TypeConversionException("'" + value + "' is not a duration: write " + Durations.FORMS);
        }
    }
}
