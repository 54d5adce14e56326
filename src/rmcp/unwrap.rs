//! A service layer for `tools/call` requests whose `params.arguments` is not an object.

use std::borrow::Cow;

use ::rmcp::ErrorData;
use ::rmcp::ServerHandler;
use ::rmcp::model::{
    CallToolRequest, CallToolRequestParams, CallToolResult, ClientRequest, CustomRequest,
    CustomResult, ErrorCode, ProtocolVersion, ServerResult,
};
use ::rmcp::service::{
    MaybeSendFuture, NotificationContext, RequestContext, RoleServer, Service, ServiceRole,
};
use serde_json::Value;

use crate::issue::Rejection;
use crate::report::Coercion;

/// The `args_unwrapped` steps [`UnwrapArguments`] took, for the report.
#[derive(Clone, Debug)]
pub(super) struct Unwrapped(pub(super) Vec<Coercion>);

/// An rmcp service that accepts `tools/call` requests whose `params.arguments` is a string
/// holding the arguments object, and hands every request to the service it wraps.
///
/// rmcp answers such a request with `-32601` before any server code runs, yet clients send
/// it (the TypeScript SDK, agents on OpenAI Responses models); what the layer does instead:
/// [docs/contract.md, "The rmcp router"](https://github.com/mcp-coerce/mcp-coerce/blob/main/docs/contract.md#the-rmcp-router).
///
/// Wrap the server where it is served as a `Service` (stdio, or any transport given to
/// `serve`); rmcp's streamable HTTP server takes a `ServerHandler` instead, whose
/// `on_custom_request` can call [`on_custom_request`](super::on_custom_request) to the same
/// effect:
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
/// // `transport`: rmcp's `transport::stdio()`, a child process's pipes, a socket, ...
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
                match read_sent_call(custom.params.as_ref()) {
                    None => Ok(ClientRequest::CustomRequest(custom)),
                    Some(Ok((params, unwrapped))) => {
                        context.extensions.insert(unwrapped);
                        Ok(ClientRequest::CallToolRequest(CallToolRequest::new(params)))
                    }
                    Some(Err(refused)) => Err(for_peer(
                        ServerResult::CallToolResult(refused),
                        context.protocol_version().as_ref(),
                    )),
                }
            }
            other => Ok(other),
        };
        async move {
            match request {
                Ok(request) => self.0.handle_request(request, context).await,
                Err(refused) => Ok(refused),
            }
        }
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

/// [`UnwrapArguments`] inside a `ServerHandler`, for servers whose transport takes one
/// (rmcp's streamable HTTP server): call it from the handler's `on_custom_request`, where
/// rmcp hands the `tools/call` requests it cannot read; it answers them as
/// [`UnwrapArguments`] does (docs/contract.md, "The rmcp router").
///
/// # Errors
///
/// `-32601` for a request other than such a `tools/call`; the handler's own errors.
///
/// # Examples
///
/// ```
/// use rmcp::model::{CustomRequest, CustomResult};
/// use rmcp::service::RequestContext;
/// use rmcp::{ErrorData, RoleServer, ServerHandler};
///
/// #[derive(Clone)]
/// struct Server;
///
/// impl ServerHandler for Server {
///     async fn on_custom_request(
///         &self,
///         request: CustomRequest,
///         context: RequestContext<RoleServer>,
///     ) -> Result<CustomResult, ErrorData> {
///         mcp_coerce::rmcp::on_custom_request(self, request, context).await
///     }
/// }
/// ```
pub async fn on_custom_request<H: ServerHandler>(
    handler: &H,
    request: CustomRequest,
    mut context: RequestContext<RoleServer>,
) -> Result<CustomResult, ErrorData> {
    let sent = (request.method == "tools/call")
        .then(|| read_sent_call(request.params.as_ref()))
        .flatten();
    let version = context.protocol_version();
    // rmcp passes a custom result on as it is: it is shaped for the peer's version here.
    let result = match sent {
        None => {
            return Err(ErrorData::new(
                ErrorCode::METHOD_NOT_FOUND,
                request.method,
                None,
            ));
        }
        Some(Err(refused)) => serde_json::to_value(for_peer(
            ServerResult::CallToolResult(refused),
            version.as_ref(),
        )),
        Some(Ok((params, unwrapped))) => {
            context.extensions.insert(unwrapped);
            let response = handler.call_tool(params, context).await?;
            serde_json::to_value(for_peer(ServerResult::from(response), version.as_ref()))
        }
    };
    result.map(CustomResult).map_err(|e| {
        ErrorData::internal_error(format!("could not serialize the result: {e}"), None)
    })
}

/// `result` shaped for a peer on `version`, as rmcp shapes its own.
fn for_peer(mut result: ServerResult, version: Option<&ProtocolVersion>) -> ServerResult {
    // ISO dates compare as text in the order of the days they name, as rmcp compares them.
    let current = version.is_some_and(|v| v.as_str() >= ProtocolVersion::V_2026_07_28.as_str());
    if !current {
        result.strip_result_type_for_legacy_peer();
        result.strip_non_object_output_for_legacy_peer();
    }
    result
}

/// A `tools/call` with non-object arguments: the unwrapped call, or its refusal.
fn read_sent_call(
    params: Option<&Value>,
) -> Option<Result<(CallToolRequestParams, Unwrapped), CallToolResult>> {
    let Some(Value::Object(params)) = params else {
        return None;
    };
    if matches!(
        params.get("arguments"),
        None | Some(Value::Null) | Some(Value::Object(_))
    ) {
        return None;
    }
    let mut rest = params.clone();
    let sent = rest.remove("arguments")?;
    let call: CallToolRequestParams = serde_json::from_value(Value::Object(rest)).ok()?;
    Some(match crate::arguments::object(sent, true) {
        Ok((Value::Object(object), coercions)) => {
            Ok((call.with_arguments(object), Unwrapped(coercions)))
        }
        Ok((other, _)) => Err(refusal(
            &call.name,
            &crate::arguments::not_an_object(&other),
        )),
        Err(rejection) => Err(refusal(&call.name, &rejection)),
    })
}

/// The `isError` result of arguments holding no object (text only).
fn refusal(tool: &str, rejection: &Rejection) -> CallToolResult {
    #[cfg(feature = "tracing")]
    rejection.trace(tool);
    super::router::text_refusal(&rejection.to_envelope(tool))
}
