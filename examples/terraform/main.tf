terraform {
  required_version = ">= 1.5"
  required_providers {
    aws = {
      source  = "hashicorp/aws"
      version = "~> 5.0"
    }
  }
}

variable "env" {
  type        = string
  description = "The environment: dev or prod."
  nullable    = false

  validation {
    condition     = contains(["dev", "prod"], var.env)
    error_message = "Use dev or prod."
  }
}

variable "replicas" {
  type    = number
  default = 2
}

locals {
  name = "web-${var.env}"
  tags = { Name = local.name, Env = var.env }
}

resource "aws_instance" "web" {
  count         = var.replicas
  ami           = data.aws_ami.ubuntu.id
  instance_type = "t3.micro"
  tags          = local.tags
}

data "aws_ami" "ubuntu" {
  most_recent = true
  owners      = ["099720109477"]
}

output "ids" {
  description = "The instances."
  value       = aws_instance.web[*].id
}
