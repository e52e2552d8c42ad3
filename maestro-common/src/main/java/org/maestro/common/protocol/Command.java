package org.maestro.common.protocol;

/**
 * The commands of the Maestro protocol with their wire codes.
 *
 * <p>Codes 0-30 are those of the original Maestro protocol and are kept; codes of our own start at 40.
 */
public enum Command {
    START_RECEIVER(0),
    STOP_RECEIVER(1),
    START_SENDER(2),
    STOP_SENDER(3),
    START_INSPECTOR(4),
    STOP_INSPECTOR(5),
    FLUSH(6),
    SET(7),
    STATS(8),
    HALT(9),
    PING(10),
    OK(11),
    PROTOCOL_ERROR(12),
    INTERNAL_ERROR(13),
    ABNORMAL_DISCONNECT(14),
    NOTIFY_FAIL(15),
    NOTIFY_SUCCESS(16),
    GET(17),
    START_AGENT(18),
    STOP_AGENT(19),
    AGENT_SOURCE(21),
    USER_COMMAND_1(30),
    /** Asks a peer to ship its result files; answered by DATA notes. */
    LOG(40),
    /** Asks receivers to consume what is still in flight and then stop. */
    DRAIN(41),
    /** A receiver finished draining. */
    DRAIN_COMPLETE(42),
    /** A peer finished starting the work of a START_* request (e.g. receivers attached). */
    NOTIFY_READY(43),
    /**
     * Drops every option a peer holds, back to the defaults, and what its role kept of the last test; refused with
     * BUSY while the role runs a test.
     */
    RESET(44);

    private final long code;

    Command(long code) {
        this.code = code;
    }

    /** The wire value of this command. */
    public long code() {
        return code;
    }

    /** Looks up a command by its wire value; throws {@link MalformedNoteException} for an unknown one. */
    public static Command ofCode(long code) throws MalformedNoteException {
        for (Command command : values()) {
            if (command.code == code) {
                return command;
            }
        }
        throw new MalformedNoteException("unknown command code " + code);
    }
}
