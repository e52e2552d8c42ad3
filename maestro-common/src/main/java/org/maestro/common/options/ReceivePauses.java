package org.maestro.common.options;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The pauses of the receivers (RECEIVE_PAUSE): one or more periods, comma-separated, each {@code at 10s for 20s} or
 * {@code at 10s until 30s}, as offsets from the start of the measured part, during which the receivers consume
 * nothing. Pauses are in time order, do not overlap and last longer than zero.
 *
 * @param pauses the pauses in time order
 */
public record ReceivePauses(List<Pause> pauses) {
    /** The accepted forms, for help and error texts. */
    public static final String FORMS = "one or more pauses, comma-separated, each 'at <offset> for <length>' or "
            + "'at <offset> until <offset>' from the start of the measured part, such as 'at 10s for 20s' or "
            + "'at 10s for 5s, at 1m until 1m30s' (durations such as 500ms, 90s, 10m)";

    /** No pause. */
    public static final ReceivePauses NONE = new ReceivePauses(List.of());

    /** The most pauses one value may give. */
    public static final int MAX_PAUSES = 100;

    private static final String PARAMETER = "RECEIVE_PAUSE";
    private static final Pattern ONE = Pattern.compile("at\\s+(\\S+)\\s+(for|until)\\s+(\\S+)");

    /**
     * One pause.
     *
     * @param at     when it starts, from the start of the measured part
     * @param length how long it lasts (more than zero)
     */
    public record Pause(Duration at, Duration length) {
        /** When it ends, from the start of the measured part. */
        public Duration end() {
            return at.plus(length);
        }

        @Override
        public String toString() {
            return "at " + Durations.format(at) + " for " + Durations.format(length);
        }
    }

    public ReceivePauses {
        pauses = List.copyOf(pauses);
    }

    /**
     * Parses {@code at 10s for 20s, at 1m until 1m30s}.
     *
     * @throws InvalidOptionException naming RECEIVE_PAUSE, what is wrong and an example of a valid value
     */
    public static ReceivePauses parse(String text) {
        String value = text == null ? "" : text.trim();
        if (value.isEmpty()) {
            throw new InvalidOptionException(PARAMETER, value, FORMS);
        }
        String[] parts = value.split(",");
        if (parts.length > MAX_PAUSES) {
            throw new InvalidOptionException(PARAMETER, value, "more than " + MAX_PAUSES + " pauses", FORMS);
        }
        List<Pause> pauses = new ArrayList<>();
        for (String part : parts) {
            pauses.add(pause(value, part.trim().toLowerCase(Locale.ROOT)));
        }
        pauses.sort(Comparator.comparing(Pause::at));
        for (int i = 1; i < pauses.size(); i++) {
            Pause before = pauses.get(i - 1);
            Pause after = pauses.get(i);
            if (after.at().compareTo(before.end()) < 0) {
                throw new InvalidOptionException(
                        PARAMETER, value, "the pauses '" + before + "' and '" + after + "' overlap", FORMS);
            }
        }
        return new ReceivePauses(pauses);
    }

    private static Pause pause(String value, String part) {
        Matcher matcher = ONE.matcher(part);
        if (!matcher.matches()) {
            throw new InvalidOptionException(PARAMETER, value, "'" + part + "' is not a pause", FORMS);
        }
        Duration at = duration(value, matcher.group(1));
        Duration other = duration(value, matcher.group(3));
        Duration length = matcher.group(2).equals("for") ? other : other.minus(at);
        if (length.isNegative() || length.isZero()) {
            throw new InvalidOptionException(
                    PARAMETER,
                    value,
                    "the pause '" + part + "' ends " + (length.isZero() ? "when" : "before") + " it starts",
                    FORMS);
        }
        return new Pause(at, length);
    }

    private static Duration duration(String value, String text) {
        if (text.equals("0")) {
            return Duration.ZERO;
        }
        if (!Durations.isDuration(text)) {
            throw new InvalidOptionException(PARAMETER, value, "'" + text + "' is not a duration", FORMS);
        }
        return Durations.parse(text);
    }

    /** True when there is no pause. */
    public boolean isEmpty() {
        return pauses.isEmpty();
    }

    /** When the last pause ends, from the start of the measured part; zero without pauses. */
    public Duration lastEnd() {
        return pauses.isEmpty() ? Duration.ZERO : pauses.get(pauses.size() - 1).end();
    }

    @Override
    public String toString() {
        return String.join(", ", pauses.stream().map(Pause::toString).toList());
    }
}
