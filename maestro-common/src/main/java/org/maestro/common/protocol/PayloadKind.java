package org.maestro.common.protocol;

/** Which payload layout a note of a given type and command carries. */
public enum PayloadKind {
    EMPTY,
    TEXT,
    SET_OPTION,
    PING,
    PING_REPLY,
    STATS,
    ERROR,
    NOTICE,
    AGENT_SOURCE,
    CHUNK,
    /** DRAIN requests: TEXT with how the drain ends ({@link DrainMode}), or nothing (the quiet rule). */
    DRAIN_MODE;

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
