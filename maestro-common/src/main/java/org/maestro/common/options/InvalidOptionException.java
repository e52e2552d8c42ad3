package org.maestro.common.options;

/** Thrown when a test option has a value that is not one of its accepted forms; the message says which forms are. */
public class InvalidOptionException extends IllegalArgumentException {
    private static final long serialVersionUID = 1L;

    private final String option;

    public InvalidOptionException(String option, String value, String acceptedForms) {
        super(option + "=" + value + " is not valid: expected " + acceptedForms);
        this.option = option;
    }

    /** The name of the offending option (SPEC parameter name, e.g. {@code MESSAGE_SIZE}). */
    public String option() {
        return option;
    }
}
