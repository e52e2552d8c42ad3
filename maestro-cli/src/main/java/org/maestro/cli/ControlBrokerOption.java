package org.maestro.cli;

import org.maestro.common.cli.CommandException;
import org.maestro.common.transport.MqttEndpoint;
import picocli.CommandLine.Option;

/** The {@code --maestro-url} option shared by the commands that talk to a control broker. */
public final class ControlBrokerOption {
    @Option(
            names = {"-m", "--maestro-url"},
            paramLabel = "URL",
            defaultValue = "${env:MAESTRO_BROKER}",
            description = "Control broker, e.g. mqtt://host:1883 (mqtts:// for TLS, user:password@ for login, or "
                    + "user@ with the password in $MAESTRO_BROKER_PASSWORD); default: $MAESTRO_BROKER")
    String url;

    /** True when a URL was given (option or environment). */
    public boolean isSet() {
        return url != null && !url.isBlank();
    }

    /** The parsed URL; a missing or malformed one is a usage error. */
    public MqttEndpoint endpoint() {
        if (!isSet()) {
            throw CommandException.usage(
                    "no control broker given: pass --maestro-url mqtt://host:1883 " + "or set MAESTRO_BROKER");
        }
        try {
            return MqttEndpoint.parse(url);
        } catch (IllegalArgumentException e) {
            throw CommandException.usage(e.getMessage());
        }
    }
}
