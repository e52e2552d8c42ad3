package org.maestro.common.protocol;

/** Which payload layout a note of a given type and command carries. */
public enum PayloadKind {
    EMPTY(Payload.Empty.class),
    TEXT(Payload.Text.class),
    SET_OPTION(Payload.SetOption.class),
    PING(Payload.Ping.class),
    PING_REPLY(Payload.PingReply.class),
    STATS(Payload.Stats.class),
    ERROR(Payload.Error.class),
    NOTICE(Payload.Notice.class),
    AGENT_SOURCE(Payload.AgentSource.class),
    CHUNK(Payload.Chunk.class),
    /** DRAIN requests: TEXT with how the drain ends ({@link DrainMode}). */
    DRAIN_MODE(null);

    private static final PayloadKind[] KINDS = values();

    /** The payload record of this layout; null for DRAIN_MODE, which carries a TEXT one. */
    private final Class<? extends Payload> type;

    PayloadKind(Class<? extends Payload> type) {
        this.type = type;
    }

    /** The layout of a payload: the kind whose record it is (never DRAIN_MODE). */
    static PayloadKind of(Payload payload) {
        for (PayloadKind kind : KINDS) {
            if (kind.type != null && kind.type.isInstance(payload)) {
                return kind;
            }
        }
        throw new IllegalArgumentException("no payload layout for " + payload);
    }

    /** The payload layout of notes of this type and command. */
    public static PayloadKind of(NoteType type, Command command) {
        if (type == NoteType.DATA) {
            return CHUNK;
        }
        if (type == NoteType.REQUEST) {
            return switch (command) {
                case SET -> SET_OPTION;
                case PING -> PING;
                case START_INSPECTOR, USER_COMMAND_1 -> TEXT;
                case DRAIN -> DRAIN_MODE;
                case AGENT_SOURCE -> AGENT_SOURCE;
                default -> EMPTY;
            };
        }
        return switch (command) {
            case PING -> PING_REPLY;
            case STATS -> STATS;
            case INTERNAL_ERROR -> ERROR;
            case PROTOCOL_ERROR -> TEXT;
            case NOTIFY_FAIL, NOTIFY_SUCCESS, NOTIFY_READY, DRAIN_COMPLETE, GET -> NOTICE;
            default -> EMPTY;
        };
    }
}
