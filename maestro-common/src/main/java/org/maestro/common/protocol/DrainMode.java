package org.maestro.common.protocol;

import java.util.Locale;

/**
 * How a receiver ends the drain a DRAIN request asks for; every request carries it as a text payload ({@code quiet},
 * {@code hold}, {@code end}).
 *
 * <pre>{@code
 * client.request(Note.request(Command.DRAIN, DrainMode.HOLD.payload()));
 * DrainMode mode = DrainMode.of(request.payload());
 * }</pre>
 */
public enum DrainMode {
    /** The receiver ends its drain on its own, once nothing arrived for its quiet period. */
    QUIET,
    /** The receiver drains until a DRAIN with {@link #END}, a stop, or DRAIN_TIMEOUT: the client decides. */
    HOLD,
    /** The receiver ends its drain now (the client saw everything consumed, or no progress for DRAIN_QUIET). */
    END;

    /** The payload of a DRAIN request of this mode. */
    public Payload payload() {
        return new Payload.Text(name().toLowerCase(Locale.ROOT));
    }

    /** The mode a DRAIN request's payload asks for. */
    public static DrainMode of(Payload payload) {
        if (!(payload instanceof Payload.Text text)) {
            throw new IllegalArgumentException("DRAIN carries no mode: expected quiet, hold or end");
        }
        return switch (text.text()) {
            case "quiet" -> QUIET;
            case "hold" -> HOLD;
            case "end" -> END;
            default ->
                throw new IllegalArgumentException(
                        "DRAIN mode '" + text.text() + "' is unknown: expected quiet, hold or end");
        };
    }
}
