package org.maestro.common.protocol;

/** The purpose of a note: a request from the client, a reply, an event notification, or file data. */
public enum NoteType {
    REQUEST(0),
    RESPONSE(1),
    NOTIFICATION(2),
    DATA(3);

    private final int code;

    NoteType(int code) {
        this.code = code;
    }

    /** The wire value of this type. */
    public int code() {
        return code;
    }

    /** Looks up a type by its wire value; throws {@link MalformedNoteException} for an unknown one. */
    public static NoteType ofCode(long code) throws MalformedNoteException {
        for (NoteType type : values()) {
            if (type.code == code) {
                return type;
            }
        }
        throw new MalformedNoteException("unknown note type " + code + " (expected 0-3)");
    }
}
