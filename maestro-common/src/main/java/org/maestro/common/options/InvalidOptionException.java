package org.maestro.common.options;

import org.maestro.base.net.UrlRedactor;

/** Thrown when a test option has a value that is not one of its accepted forms; the message says which forms are. */
public class InvalidOptionException extends IllegalArgumentException {
    private static final long serialVersionUID = 1L;

    private final String option;

    /** The value is shown without its credentials ({@link UrlRedactor#redact}). */
    public InvalidOptionException(String option, String value, String acceptedForms) {
        super(option + "=" + UrlRedactor.redact(value) + " is not valid: expected " + acceptedForms);
        this.option = option;
    }

    /** A value refused by a rule of its own, named in {@code rule}; shown without its credentials. */
    public InvalidOptionException(String option, String value, String rule, String acceptedForms) {
        super(option + "=" + UrlRedactor.redact(value) + " is refused: " + rule + "; expected " + acceptedForms);
        this.option = option;
    }

    /** The name of the offending option (SPEC parameter name, e.g. {@code MESSAGE_SIZE}). */
    public String option() {
        return option;
    }
}
