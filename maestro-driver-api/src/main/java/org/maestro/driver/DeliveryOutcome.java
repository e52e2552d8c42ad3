package org.maestro.driver;

/**
 * How the system under test settled one send attempt (AMQP 1.0 outcomes, plus {@link #FAILED} when it could not).
 * A message sent presettled has no outcome.
 */
public enum DeliveryOutcome {
    /** The system took the message. */
    ACCEPTED,
    /** The system did not take the message and did not process it; sending it again may work (e.g. no consumer). */
    RELEASED,
    /** The system refused the message as invalid or over a limit; sending it again will not help. */
    REJECTED,
    /** The system could not deliver the message and may have marked it undeliverable at this destination. */
    MODIFIED,
    /** The send could not be handed to the system, or the connection failed before the system settled it. */
    FAILED
}
