//! A service layer for `tools/call` requests whose `params.arguments` is not an object.

use std::borrow::Cow;

use ::rmcp::ErrorData;
use ::rmcp::model::{CallToolRequest, CallToolRequestParams, ClientRequest, ProtocolVersion};
use ::rmcp::service::{
    MaybeSendFuture, NotificationContext, RequestContext, RoleServer, Service, ServiceRole,
};
use serde_json::Value;

use crate::issue::Rejection;
use crate::report::Coercion;

/// What [`UnwrapArguments`] found in `params.arguments`, for [`Parameters`](super::Parameters):
/// the `args_unwrapped` steps that led to the object, or the refusal of what was sent.
#[derive(Clone, Debug)]
pub(super) enum SentArguments {
    Unwrapped(Vec<Coercion>),
    Refused(Rejection),
}

/// An rmcp service that accepts `tools/call` requests whose `params.arguments` is a string
/// holding the arguments object, and hands every request to the service it wraps.
///
/// The MCP schema types `params.arguments` as an object, and rmcp cannot read a
/// `tools/call` request otherwise: it answers with a JSON-RPC error (`-32601`, the method
/// name as message) before any server code runs. Clients send the object as a JSON string
/// all the same (the official TypeScript SDK passes on whatever its caller gives it, and
/// agents built on OpenAI Responses models hand over the arguments string as they got it).
/// Wrapped, such a request reaches the tool: the string is read as the crate's entry points
/// read arguments sent whole as a string (at most two layers of string encoding, see
/// [`from_str`](crate::from_str)); the object becomes `params.arguments`, so every
/// extractor sees it, and [`Parameters`](super::Parameters) records one `args_unwrapped`
/// coercion per layer in the [report](super::Coercions). Arguments that are not an object
/// even so (a string holding an array, a number, more than two layers) reach the tool
/// without arguments, and `Parameters` refuses the call with the crate's `invalid_type`
/// (or `invalid_json`) issue at `""`; a tool taking rmcp's own extractors sees no
/// arguments. Requests that rmcp reads as they are pass through untouched: the layer costs
/// them one `match`.
///
/// Wrap the server where it is served, on any transport:
///
/// ```no_run
/// # use rmcp::{ServerHandler, ServiceExt};
/// # use rmcp::transport::IntoTransport;
/// # #[derive(Clone)] struct Server;
/// # impl ServerHandler for Server {}
/// # async fn run<T, E, A>(transport: T) -> Result<(), Box<dyn std::error::Error>>
/// # where T: IntoTransport<rmcp::RoleServer, E, A>, E: std::error::Error + Send + Sync + 'static {
/// use mcp_coerce::rmcp::UnwrapArguments;
///
/// // `transport`: rmcp's `transport::stdio()`, a streamable HTTP session, ...
/// let service = UnwrapArguments::new(Server).serve(transport).await?;
/// service.waiting().await?;
/// # Ok(())
/// # }
/// ```
///
/// # Examples
///
/// ```
/// use mcp_coerce::rmcp::UnwrapArguments;
/// # use rmcp::ServerHandler;
/// # #[derive(Clone)] struct Server;
/// # impl ServerHandler for Server {}
///
/// let service = UnwrapArguments::new(Server);
/// let _server: &Server = service.inner();
/// ```
#[derive(Clone, Debug, Default)]
pub struct UnwrapArguments<S>(S);

impl<S> UnwrapArguments<S> {
    /// `service`, wrapped.
    pub fn new(service: S) -> Self {
        UnwrapArguments(service)
    }

    /// The wrapped service.
    pub fn inner(&self) -> &S {
        &self.0
    }

    /// The wrapped service, unwrapped.
    pub fn into_inner(self) -> S {
        self.0
    }
}

impl<S: Service<RoleServer>> Service<RoleServer> for UnwrapArguments<S> {
    fn handle_request(
        &self,
        request: ClientRequest,
        mut context: RequestContext<RoleServer>,
    ) -> impl Future<Output = Result<<RoleServer as ServiceRole>::Resp, ErrorData>> + MaybeSendFuture + '_
    {
        let request = match request {
            ClientRequest::CustomRequest(custom) if custom.method == "tools/call" => {
                match call_with_sent_arguments(custom.params.clone()) {
                    Some((params, sent)) => {
                        context.extensions.insert(sent);
                        ClientRequest::CallToolRequest(CallToolRequest::new(params))
                    }
                    None => ClientRequest::CustomRequest(custom),
                }
            }
            other => other,
        };
        self.0.handle_request(request, context)
    }

    fn handle_notification(
        &self,
        notification: <RoleServer as ServiceRole>::PeerNot,
        context: NotificationContext<RoleServer>,
    ) -> impl Future<Output = Result<(), ErrorData>> + MaybeSendFuture + '_ {
        self.0.handle_notification(notification, context)
    }

    fn get_info(&self) -> <RoleServer as ServiceRole>::Info {
        self.0.get_info()
    }

    fn supported_protocol_versions(&self) -> Cow<'static, [ProtocolVersion]> {
        self.0.supported_protocol_versions()
    }
}

/// The `tools/call` parameters without their `arguments`, and what the arguments sent
/// are; `None` when the parameters are unreadable for another reason (then rmcp's own
/// answer stands).
fn call_with_sent_arguments(
    params: Option<Value>,
) -> Option<(CallToolRequestParams, SentArguments)> {
    let Some(Value::Object(mut params)) = params else {
        return None;
    };
    let sent = match params.remove("arguments") {
        None | Some(Value::Null) | Some(Value::Object(_)) => return None,
        Some(sent) => sent,
    };
    let params: CallToolRequestParams = serde_json::from_value(Value::Object(params)).ok()?;
    let sent = match crate::entry::arguments_as(sent, true) {
        Ok((Value::Object(object), coercions)) => {
            return Some((
                params.with_arguments(object),
                SentArguments::Unwrapped(coercions),
            ));
        }
        Ok((other, _)) => SentArguments::Refused(crate::entry::not_an_object(&other)),
        Err(rejection) => SentArguments::Refused(rejection),
    };
    Some((params, sent))
}
