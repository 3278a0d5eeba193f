package org.esbbench.esb.routes;

import org.apache.camel.language.xpath.XPathBuilder;
import org.apache.camel.support.builder.ExpressionBuilder;
import org.esbbench.esb.mediation.RoutingEnvelope;
import org.esbbench.esb.mediation.SoapEnvelopes;

/** XPath predicates of the content-based routes, evaluated on the request envelope parsed beside the body. */
final class SoapXPaths {

    static final String SERVICES_NS = "http://services.samples/xsd";
    static final String ROUTING_NS = "http://someuri";

    private SoapXPaths() {
    }

    /** A boolean XPath with the {@code soapenv}, {@code m} and {@code r} prefixes bound. */
    static XPathBuilder onRoutingEnvelope(String expression) {
        XPathBuilder xpath = XPathBuilder.xpath(expression)
                .namespace("soapenv", SoapEnvelopes.SOAP11_NS)
                .namespace("m", SERVICES_NS)
                .namespace("r", ROUTING_NS)
                .booleanResult();
        xpath.setSource(ExpressionBuilder.exchangePropertyExpression(RoutingEnvelope.DOM_PROPERTY));
        return xpath;
    }

    /** An XPath string literal for {@code value}, which may contain either quote character. */
    static String literal(String value) {
        if (!value.contains("'")) {
            return "'" + value + "'";
        }
        if (!value.contains("\"")) {
            return "\"" + value + "\"";
        }
        return "concat('" + value.replace("'", "', \"'\", '") + "')";
    }
}
