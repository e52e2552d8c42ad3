package org.maestro.client.api;

import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.maestro.common.protocol.Role;
import org.maestro.common.transport.MqttEndpoint;

/**
 * The commands a message offers for starting missing peers: complete (a worker's {@code --role} included) and
 * pointed at the control broker the client used, so that each runs as pasted.
 */
public final class PeerStartCommands {
    /** A control broker URL as printed, with its password shown as {@code ***}. */
    private static final Pattern HIDDEN_PASSWORD = Pattern.compile("://([^:@/]+):\\*\\*\\*@");

    private PeerStartCommands() {}

    /**
     * The command that starts a peer of this role connected to the control broker at {@code brokerUrl}: {@code
     * maestro-cli worker --role sender --maestro-url …} for the load roles, {@code maestro-cli inspector …} and
     * {@code maestro-cli agent …} for the others.
     *
     * @param brokerUrl the control broker's URL as printed (a password in it shown as {@code ***})
     */
    public static String command(Role role, String brokerUrl) {
        String url = HIDDEN_PASSWORD
                .matcher(brokerUrl)
                .replaceFirst(m -> "://" + Matcher.quoteReplacement(m.group(1)) + "@");
        String peer = role == Role.SENDER || role == Role.RECEIVER ? "worker --role " + role.label() : role.label();
        return "maestro-cli " + peer + " --maestro-url " + url;
    }

    /**
     * For a message: the command of each role in single quotes ({@code 'a', 'b' and 'c'}), followed by where the
     * password comes from when the broker's URL has one (it is never printed).
     */
    public static String quoted(List<Role> roles, String brokerUrl) {
        List<String> quoted =
                roles.stream().map(role -> "'" + command(role, brokerUrl) + "'").toList();
        String commands = quoted.size() < 2
                ? String.join("", quoted)
                : String.join(", ", quoted.subList(0, quoted.size() - 1)) + " and " + quoted.get(quoted.size() - 1);
        return HIDDEN_PASSWORD.matcher(brokerUrl).find()
                ? commands + " (with the broker's password in " + MqttEndpoint.PASSWORD_VARIABLE + ")"
                : commands;
    }
}
